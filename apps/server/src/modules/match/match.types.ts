// The match module's public types (docs/boundaries.md): other modules import them from here.
export type { Pricing } from './market-options';
export type { OpenEventTally } from './match-query';
export type { MatchWireBuilder, WireForm } from './match-wire';
export type { SiteSettings, SiteSettingsValues } from './site-settings';
export type { StreamProvider } from './stream-provider';
export type { Viewer, ViewerResolver } from './viewer';
