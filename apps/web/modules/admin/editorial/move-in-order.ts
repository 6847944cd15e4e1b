/** The ids with `id` moved one place up (-1) or down (1); null when it is already at that end. */
export function moveInOrder(ids: readonly number[], id: number, offset: -1 | 1): number[] | null {
  const index = ids.indexOf(id);
  const target = index + offset;
  if (index < 0 || target < 0 || target >= ids.length) return null;
  const moved = [...ids];
  [moved[index], moved[target]] = [moved[target]!, moved[index]!];
  return moved;
}
