/**
 * Row ids are opaque, but anything that is not a plausible one names nothing (and never reaches
 * SQL as junk): products, orders, users, reviews and messages are looked up only when this matches.
 */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
