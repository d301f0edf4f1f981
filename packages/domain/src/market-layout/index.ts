export * from './market-layout';
