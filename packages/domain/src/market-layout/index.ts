export * from './market-layout';
export * from './market-names';
