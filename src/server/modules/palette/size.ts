/** Rows the palette shows of one kind: each palette lookup answers at most this many, and counts nothing. */
export const PALETTE_SIZE = 5;
