export * from './fair-random';
export * from './originals';
export * from './tables';
