/** Shapes of the accounts area; filled in by its issue. */
export {};
