import type { PublicStore } from '@vetrina/shared';

/**
 * The categories the storefront links to (home tiles, menu, filter): those with an active product.
 * An empty one keeps its page at its address; a link to it would only lead to an empty list.
 */
export const linkedCategories = (store: PublicStore, keep?: string) => store.categories.filter((c) => c.hasProducts || c.slug === keep);
