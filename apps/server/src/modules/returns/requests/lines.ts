import type { AppError } from '../../../lib/errors.js';

/**
 * The units chosen of each line (the same line named twice counts once, its quantities added),
 * checked against what each line still allows: an unknown line or too many units is refused with
 * the caller's message.
 */
export function chosenUnits<T extends { id: string; title: string }>(
  chosen: ReadonlyArray<{ orderItemId: string; quantity: number }>,
  lines: readonly T[],
  allowed: (line: T) => number,
  refuse: { unknown: () => AppError; over: (title: string, most: number) => AppError },
): { item: T; quantity: number }[] {
  const wanted = new Map<string, number>();
  for (const c of chosen) wanted.set(c.orderItemId, (wanted.get(c.orderItemId) ?? 0) + c.quantity);
  return [...wanted].map(([id, quantity]) => {
    const item = lines.find((l) => l.id === id);
    if (!item) throw refuse.unknown();
    const most = Math.max(0, allowed(item));
    if (quantity > most) throw refuse.over(item.title, most);
    return { item, quantity };
  });
}
