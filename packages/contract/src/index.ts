export * from './call';
export * from './common';
export * from './envelope';
export * from './errors';
export * from './identity';
export * from './match';
export { allCalls } from './registry';
export * from './system';
export * from './wallet';
