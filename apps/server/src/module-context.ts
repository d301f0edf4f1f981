import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import type { Authenticator } from './http/request-context';
import type { Catalogue } from './modules/catalogue/catalogue.service';
import type { ReadModel } from './modules/feed/feed.types';
import type { IdentityService } from './modules/identity/identity.service';
import type { Ledger } from './modules/ledger/ledger.service';
import type { CounterStore } from './platform/counter-store';

/** What every module gets when it registers: shared services, never another module's tables. */
export interface ModuleContext {
  app: FastifyInstance;
  config: Pick<Config, 'SEAL_PAYLOADS' | 'REDIS_URL'> & Partial<Pick<Config, 'REDIS_PREFIX'>>;
  database: DatabaseHandle;
  counters: CounterStore;
  authenticate: Authenticator;
  identity: IdentityService;
  ledger: Ledger;
  readModel: ReadModel;
  /** What the feed said that outlives a restart (read only; the feed's process writes it). */
  catalogue: Catalogue;
  now: () => Date;
}
