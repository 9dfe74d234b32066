/*
 * An editor's ordered rows (a gallery's images, a download block's documents, cards): each row has
 * up, down and remove buttons (`[data-move="up"|"down"]`, `[data-remove]`), and after a move or a
 * removal the focus stays where the keyboard user was: with the moved row, or on the next row's
 * remove button, or on `fallback` when no row is left.
 */

/** After a move or removal: the wanted control, else (at an end, where it is disabled) the fallback. */
export function focusLater(selector: string, fallback?: string) {
  requestAnimationFrame(() => {
    const wanted = document.querySelector<HTMLButtonElement>(selector);
    const target =
      wanted && !wanted.disabled ? wanted : fallback ? document.querySelector<HTMLElement>(fallback) : null;
    target?.focus();
  });
}

/**
 * `rows` with the one at `index` one place up (-1) or down (1), its move button in that direction
 * focused (at an end, the other one); null when there is no such row. `rowOf`: a row's selector.
 */
export function movedRow<T>(rows: readonly T[], index: number, step: -1 | 1, rowOf: (row: T) => string) {
  const next = [...rows];
  const [moved] = next.splice(index, 1);
  if (moved === undefined) return null;
  next.splice(index + step, 0, moved);
  const row = rowOf(moved);
  focusLater(
    `${row} [data-move="${step < 0 ? 'up' : 'down'}"]`,
    `${row} [data-move="${step < 0 ? 'down' : 'up'}"]`,
  );
  return next;
}

/** `rows` without the one at `index`, the focus on its neighbour's remove button, else on `fallback`. */
export function removedRow<T>(
  rows: readonly T[],
  index: number,
  rowOf: (row: T) => string,
  fallback: string,
) {
  const next = rows.filter((_, at) => at !== index);
  const neighbour = next[index] ?? next[index - 1];
  focusLater(neighbour === undefined ? fallback : `${rowOf(neighbour)} [data-remove]`, fallback);
  return next;
}
