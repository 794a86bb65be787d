/** The most workers a pool may have, whatever is asked: more only thrash memory and cores. */
export const MAX_WORKERS = 64;
