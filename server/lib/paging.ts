/** Pages needed for `total` rows at `size` a page; an empty list still has its one (empty) page. */
export const totalPages = (total: number, size: number): number => Math.max(1, Math.ceil(total / size));
