'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useFieldArray, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { savePageBlocks } from '@comptoir/contract/admin-content';
import type { AdminPageDetail } from '@comptoir/contract/admin-pages';
import type { PageBlockType } from '@comptoir/contract/page-blocks';
import type { z } from 'zod';
import { IntentLink } from '../../../ui/intent-link';
import { failureMessage } from '../../../ui/server-errors';
import { notifyError, notifySuccess } from '../../../ui/toaster';
import { browserApi } from '../../account/browser-api';
import { AccessibilityDialog } from './accessibility-dialog';
import type { AccessibilityFinding } from './accessibility-summary';
import { BLOCK_KINDS, blockKind, fieldValue, type BlockField } from './block-fields';
import { encodeDraft } from './draft-encoding';
import {
  DRAFT_MAX_ENCODED_LENGTH,
  DRAFT_PREVIEW_PATH,
  DRAFT_QUERY_PARAMETER,
} from './draft-preview-messages';
import { currentStorefrontHtml, publishPreview } from './publish-page';
import styles from './admin-pages.module.css';

const blocksSchema = savePageBlocks.body!;
/** The blocks as the inputs hold them (a default not applied yet)… */
type BlocksInput = z.input<typeof blocksSchema>;
/** …and as the contract's schema gives them back, defaults applied. */
type BlocksForm = z.output<typeof blocksSchema>;

const PREVIEW_DELAY_MS = 600;

/** What the publish check found, kept with the blocks it checked until the owner answers. */
interface PendingPublication {
  values: BlocksForm;
  findings: AccessibilityFinding[];
  failure: string | null;
}

/**
 * The publish check (decision 0112): axe-core on the draft as the storefront draws it, in the
 * owner's browser. Its code loads here, on the first publication, not with the editor.
 */
async function checkDraft(
  page: AdminPageDetail,
  blocks: BlocksForm['blocks'],
): Promise<Pick<PendingPublication, 'findings' | 'failure'>> {
  const encoded = await encodeDraft({ title: page.title, intro: page.metaDescription, blocks });
  if (encoded.length > DRAFT_MAX_ENCODED_LENGTH) {
    return {
      findings: [],
      failure:
        'Le contenu est trop long pour l’aperçu : l’accessibilité de la page n’a pas pu être vérifiée avant sa mise en ligne.',
    };
  }
  try {
    const { checkDraftAccessibility } = await import('./accessibility-check');
    const findings = await checkDraftAccessibility(
      `${DRAFT_PREVIEW_PATH}?${DRAFT_QUERY_PARAMETER}=${encoded}`,
    );
    return { findings, failure: null };
  } catch {
    return {
      findings: [],
      failure:
        'L’aperçu de la page n’a pas pu être vérifié (connexion interrompue ou page trop lente) : vous pouvez réessayer, ou publier sans cette vérification.',
    };
  }
}

function errorOf(errors: FieldErrors<BlocksInput>, index: number, key: string): string | undefined {
  const blockErrors = errors.blocks?.[index] as Record<string, { message?: string }> | undefined;
  return blockErrors?.[key]?.message;
}

function BlockFieldInput({
  field,
  name,
  index,
  value,
  error,
  onChange,
}: {
  field: BlockField;
  name: string;
  index: number;
  value: unknown;
  error: string | undefined;
  onChange: (value: unknown) => void;
}) {
  const id = `bloc-${index}-${field.key}`;
  const describedBy = [field.hint ? `${id}-aide` : null, error ? `${id}-erreur` : null]
    .filter(Boolean)
    .join(' ');
  const common = {
    id,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  let control: ReactNode;
  if (field.kind === 'boolean') {
    return (
      <div className={styles.checkboxRow}>
        <input
          {...common}
          type="checkbox"
          checked={Boolean(value)}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id}>{field.label}</label>
      </div>
    );
  }
  const text =
    value === undefined || value === null
      ? ''
      : Array.isArray(value)
        ? value.join(', ')
        : String(value);
  if (field.kind === 'html' || field.kind === 'longText') {
    control = (
      <textarea
        {...common}
        rows={field.kind === 'html' ? 8 : 3}
        value={text}
        spellCheck={field.kind !== 'html'}
        onChange={(event) => onChange(fieldValue(field, event.target.value))}
      />
    );
  } else {
    const numeric = field.kind === 'number' || field.kind === 'optionalNumber';
    control = (
      <input
        {...common}
        type={numeric ? 'number' : 'text'}
        inputMode={numeric ? 'numeric' : undefined}
        value={text}
        onChange={(event) =>
          onChange(
            field.kind === 'tags' ? event.target.value : fieldValue(field, event.target.value),
          )
        }
        onBlur={
          field.kind === 'tags'
            ? (event) => onChange(fieldValue(field, event.target.value))
            : undefined
        }
      />
    );
  }
  return (
    <div className={styles.blockField}>
      <label htmlFor={id}>
        {field.label}
        {field.optional && <span className={styles.optional}> (facultatif)</span>}
      </label>
      {field.hint && (
        <p id={`${id}-aide`} className={styles.hint}>
          {field.hint}
        </p>
      )}
      {control}
      {error && (
        <p id={`${id}-erreur`} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A page's content: its typed blocks, added, edited, reordered and removed here, with the page
 * as the storefront draws it beside them (unsaved changes included). « Publier » checks the draft
 * with axe-core and lists its serious and critical problems first (the owner may still publish),
 * then saves the blocks with the contract's schema and refreshes the page builder's preview of
 * the public page.
 */
export function BlockEditor({ siteId, page }: { siteId: number; page: AdminPageDetail }) {
  const api = useMemo(() => browserApi(siteId), [siteId]);
  const {
    control,
    handleSubmit,
    setValue,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<BlocksInput, unknown, BlocksForm>({
    defaultValues: { blocks: page.blocks },
    resolver: zodResolver(blocksSchema),
  });
  const { fields, append, remove, move } = useFieldArray({ control, name: 'blocks' });
  const blocks = useWatch({ control, name: 'blocks' });
  const [newType, setNewType] = useState<PageBlockType>('richText');
  const [announcement, setAnnouncement] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [previewOpen, setPreviewOpen] = useState(true);
  const [frameSrc, setFrameSrc] = useState(DRAFT_PREVIEW_PATH);
  const [previewNote, setPreviewNote] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingPublication | null>(null);
  const [publishing, setPublishing] = useState(false);

  // A moment after each change, the frame loads the storefront page drawn with the draft.
  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(() => {
      void encodeDraft({ title: page.title, intro: page.metaDescription, blocks }).then(
        (encoded) => {
          if (cancelled) return;
          if (encoded.length > DRAFT_MAX_ENCODED_LENGTH) {
            setPreviewNote(
              'Le contenu est trop long pour l’aperçu en direct : publiez la page pour la voir en entier.',
            );
            return;
          }
          setPreviewNote(null);
          setFrameSrc(`${DRAFT_PREVIEW_PATH}?${DRAFT_QUERY_PARAMETER}=${encoded}`);
        },
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [blocks, page.title, page.metaDescription]);

  const moveBlock = (from: number, to: number) => {
    move(from, to);
    setAnnouncement(`Bloc ${from + 1} placé en position ${to + 1} sur ${fields.length}.`);
  };

  /** Saves the blocks and refreshes the page builder's preview of the public page. */
  const goLive = async (values: BlocksForm) => {
    setPublishing(true);
    setStatus('Publication…');
    try {
      const before = isDirty ? await currentStorefrontHtml(page.url) : null;
      const saved = await api.call(savePageBlocks, {
        params: { idPage: page.id },
        body: { blocks: values.blocks },
      });
      reset({ blocks: saved.blocks });
      const outcome = await publishPreview(api, page, before);
      const message =
        outcome === 'uploaded'
          ? 'La page est publiée et son aperçu est mis à jour.'
          : 'La page est publiée ; son aperçu était déjà à jour.';
      setStatus(message);
      notifySuccess(message);
    } catch (error) {
      const message = failureMessage(error);
      setStatus(message);
      notifyError(message);
    } finally {
      setPublishing(false);
    }
  };

  const publish = handleSubmit(
    async (values) => {
      setPublishing(true);
      setStatus('Vérification de l’accessibilité…');
      const check = await checkDraft(page, values.blocks);
      if (check.failure || check.findings.length > 0) {
        setPublishing(false);
        setStatus('Publication en attente : voyez les points d’accessibilité.');
        setPending({ values, ...check });
        return;
      }
      await goLive(values);
    },
    () => setStatus('Certains blocs sont à corriger : voyez les messages sous leurs champs.'),
  );

  return (
    <div className={styles.editor}>
      <div className={styles.editorColumn}>
        <p className={styles.help}>
          {page.cms.isCmsPage
            ? 'Les blocs s’affichent sur la page dans cet ordre, sous son titre.'
            : 'Cette page utilise un modèle intégré du site : ses blocs s’affichent sous son contenu propre.'}
        </p>
        <p className="visually-hidden" role="status" aria-live="polite">
          {announcement}
        </p>
        <form onSubmit={(event) => void publish(event)} noValidate>
          {fields.length === 0 && <p>Cette page n’a pas encore de bloc.</p>}
          <ol className={styles.blocks}>
            {fields.map((item, index) => {
              const block = blocks[index] ?? item;
              const kind = blockKind(block.type);
              const label = `Bloc ${index + 1} : ${kind.label}`;
              return (
                <li key={item.id} className={styles.block}>
                  <fieldset>
                    <legend>{label}</legend>
                    <div
                      className={styles.blockTools}
                      role="group"
                      aria-label={`Outils du bloc ${index + 1}`}
                    >
                      <button
                        type="button"
                        disabled={index === 0}
                        aria-label={`Monter le bloc ${index + 1} (${kind.label})`}
                        onClick={() => moveBlock(index, index - 1)}
                      >
                        <span aria-hidden="true">↑</span>
                      </button>
                      <button
                        type="button"
                        disabled={index === fields.length - 1}
                        aria-label={`Descendre le bloc ${index + 1} (${kind.label})`}
                        onClick={() => moveBlock(index, index + 1)}
                      >
                        <span aria-hidden="true">↓</span>
                      </button>
                      <button
                        type="button"
                        className={styles.danger}
                        onClick={() => {
                          remove(index);
                          setAnnouncement(`${label} retiré.`);
                        }}
                      >
                        Retirer<span className="visually-hidden"> le bloc {index + 1}</span>
                      </button>
                    </div>
                    {kind.fields.map((field) => (
                      <BlockFieldInput
                        key={field.key}
                        field={field}
                        index={index}
                        name={`blocks.${index}.${field.key}`}
                        value={(block as Record<string, unknown>)[field.key]}
                        error={errorOf(errors, index, field.key)}
                        onChange={(value) =>
                          setValue(
                            `blocks.${index}.${field.key}` as `blocks.${number}`,
                            value as never,
                            {
                              shouldDirty: true,
                            },
                          )
                        }
                      />
                    ))}
                  </fieldset>
                </li>
              );
            })}
          </ol>
          <div className={styles.addBlock}>
            <label htmlFor="nouveau-bloc">Ajouter un bloc</label>
            <select
              id="nouveau-bloc"
              value={newType}
              onChange={(event) => setNewType(event.target.value as PageBlockType)}
            >
              {BLOCK_KINDS.map((kind) => (
                <option key={kind.type} value={kind.type}>
                  {kind.label}
                </option>
              ))}
            </select>
            <button
              type="button"
              className={styles.secondary}
              onClick={() => {
                append(blockKind(newType).create());
                setAnnouncement(
                  `Bloc ${blockKind(newType).label} ajouté en position ${fields.length + 1}.`,
                );
              }}
            >
              Ajouter
            </button>
          </div>
          {errors.blocks?.message && <p className={styles.error}>{errors.blocks.message}</p>}
          <div className={styles.publishBar}>
            <button
              type="submit"
              className={styles.primary}
              disabled={isSubmitting || publishing || pending !== null}
            >
              {isSubmitting || publishing ? 'Publication…' : 'Publier'}
            </button>
            <IntentLink className={styles.secondary} href="/admin/pages">
              Retour aux pages
            </IntentLink>
            <a
              className={styles.secondary}
              href={page.url}
              target="_blank"
              rel="noopener noreferrer"
            >
              Voir la page en ligne<span className="visually-hidden"> (nouvelle fenêtre)</span>
            </a>
            <p role="status" className={styles.status}>
              {status ?? (isDirty ? 'Modifications non publiées.' : '')}
            </p>
          </div>
        </form>
      </div>
      <section className={styles.previewColumn} aria-labelledby="titre-apercu">
        <div className={styles.previewHeader}>
          <h2 id="titre-apercu">Aperçu</h2>
          <button
            type="button"
            className={styles.secondary}
            aria-expanded={previewOpen}
            aria-controls="apercu-brouillon"
            onClick={() => setPreviewOpen(!previewOpen)}
          >
            {previewOpen ? "Masquer l'aperçu" : "Afficher l'aperçu"}
          </button>
        </div>
        <p className={styles.hint}>
          La page telle que le site l’affichera, modifications non publiées comprises.
        </p>
        {previewNote && (
          <p className={styles.hint} role="status">
            {previewNote}
          </p>
        )}
        <div id="apercu-brouillon" className={styles.preview} hidden={!previewOpen}>
          <iframe
            src={frameSrc}
            title={`Aperçu de la page « ${page.title} »`}
            className={styles.previewFrame}
          />
        </div>
      </section>
      {pending && (
        <AccessibilityDialog
          findings={pending.findings}
          failure={pending.failure}
          onFix={() => {
            setPending(null);
            setStatus('Publication suspendue : corrigez les points signalés, puis publiez.');
          }}
          onPublish={() => {
            const { values } = pending;
            setPending(null);
            void goLive(values);
          }}
        />
      )}
    </div>
  );
}
