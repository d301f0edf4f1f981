export * from './fair-random';
export * from './originals';
