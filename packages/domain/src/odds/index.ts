export * from './margin';
export * from './price';
export * from './styles';
