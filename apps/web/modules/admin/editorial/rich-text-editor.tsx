'use client';

import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useState } from 'react';
import { uploadContentImage, type ContentImage } from '@comptoir/contract/admin-editorial';
import { failureMessage } from '../../../ui/server-errors';
import controls from '../admin-controls.module.css';
import styles from './editorial.module.css';
import { uploadWithProgress } from './upload-with-progress';

/**
 * The rich-text editor of articles and news (Tiptap): headings from h2 (the page owns the h1),
 * bold, italic, lists, quotes, links and uploaded images. It produces the HTML the storefront's
 * article policy keeps; the API stores it through that same policy.
 */
export function RichTextEditor({
  siteId,
  labelId,
  describedBy,
  value,
  onChange,
}: {
  siteId: number;
  /** The id of the visible label naming the text. */
  labelId: string;
  describedBy?: string;
  value: string;
  onChange: (html: string) => void;
}) {
  const id = useId();
  const [alt, setAlt] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, protocols: ['mailto', 'tel'] },
      }),
      Image,
    ],
    content: value,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      h2: current?.isActive('heading', { level: 2 }) ?? false,
      h3: current?.isActive('heading', { level: 3 }) ?? false,
      bullets: current?.isActive('bulletList') ?? false,
      numbers: current?.isActive('orderedList') ?? false,
      quote: current?.isActive('blockquote') ?? false,
      link: current?.isActive('link') ?? false,
    }),
  });

  function toggleLink() {
    if (!editor) return;
    if (editor.isActive('link')) {
      editor.chain().focus().unsetLink().run();
      return;
    }
    const href = window.prompt('Adresse du lien (https://…, /une-page, mailto:…)');
    if (href) editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
  }

  async function insertImage(file: File) {
    if (!editor) return;
    setStatus('');
    setProgress(0);
    try {
      const image = await uploadWithProgress<ContentImage>(
        siteId,
        uploadContentImage.path,
        file,
        setProgress,
      );
      editor.chain().focus().setImage({ src: image.url, alt: alt.trim() }).run();
      setAlt('');
      setStatus('Image insérée dans le texte.');
    } catch (failure) {
      setStatus(failureMessage(failure));
    } finally {
      setProgress(null);
    }
  }

  const button = (label: string, pressed: boolean | undefined, run: () => void) => (
    <button
      type="button"
      className={styles.toolbarButton}
      aria-pressed={pressed}
      onClick={run}
      disabled={!editor}
    >
      {label}
    </button>
  );

  return (
    <div>
      <div className={styles.toolbar} role="toolbar" aria-label="Mise en forme du texte">
        {button('Gras', active?.bold, () => editor?.chain().focus().toggleBold().run())}
        {button('Italique', active?.italic, () => editor?.chain().focus().toggleItalic().run())}
        {button('Titre', active?.h2, () =>
          editor?.chain().focus().toggleHeading({ level: 2 }).run(),
        )}
        {button('Sous-titre', active?.h3, () =>
          editor?.chain().focus().toggleHeading({ level: 3 }).run(),
        )}
        {button('Liste à puces', active?.bullets, () =>
          editor?.chain().focus().toggleBulletList().run(),
        )}
        {button('Liste numérotée', active?.numbers, () =>
          editor?.chain().focus().toggleOrderedList().run(),
        )}
        {button('Citation', active?.quote, () => editor?.chain().focus().toggleBlockquote().run())}
        {button(active?.link ? 'Retirer le lien' : 'Lien', active?.link, toggleLink)}
        {button('Annuler', undefined, () => editor?.chain().focus().undo().run())}
        {button('Rétablir', undefined, () => editor?.chain().focus().redo().run())}
      </div>
      <EditorContent editor={editor} className={styles.editor} />
      <div className={styles.twoColumns}>
        <div className={controls.field}>
          <label htmlFor={`${id}-alt`} className={controls.label}>
            Description de l&apos;image à insérer
          </label>
          <input
            id={`${id}-alt`}
            className={controls.control}
            value={alt}
            onChange={(event) => setAlt(event.target.value)}
            autoComplete="off"
          />
        </div>
        <div className={controls.buttons}>
          <label className={`${controls.button} ${controls.secondary} ${styles.fileButton}`}>
            Insérer une image dans le texte
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              className={styles.visuallyHidden}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void insertImage(file);
              }}
            />
          </label>
        </div>
      </div>
      {progress !== null && (
        <progress
          className={styles.progress}
          max={1}
          value={progress}
          aria-label="Envoi de l'image"
        />
      )}
      <p className={controls.status} role="status">
        {status}
      </p>
    </div>
  );
}
