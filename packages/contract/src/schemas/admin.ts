/** Shapes of the admin area; filled in by its issue. */
export {};
