import type { AdminBlogFolder } from '@comptoir/contract/admin-blog';

/** The folders as a flat list in tree order, each label indented by its depth. */
export function folderOptions(
  folders: readonly AdminBlogFolder[],
): { id: number; label: string; depth: number; folder: AdminBlogFolder }[] {
  const result: { id: number; label: string; depth: number; folder: AdminBlogFolder }[] = [];
  const visit = (parent: number | null, depth: number, seen: Set<number>) => {
    for (const folder of folders.filter((candidate) => candidate.idParent === parent)) {
      if (seen.has(folder.id)) continue;
      seen.add(folder.id);
      result.push({ id: folder.id, label: `${'— '.repeat(depth)}${folder.title}`, depth, folder });
      visit(folder.id, depth + 1, seen);
    }
  };
  visit(null, 0, new Set());
  return result;
}
