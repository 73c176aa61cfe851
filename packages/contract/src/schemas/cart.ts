/** Shapes of the cart area; filled in by its issue. */
export {};
