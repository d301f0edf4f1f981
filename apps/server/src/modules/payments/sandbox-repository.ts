// The sandbox's queries live in sandbox.repository.ts; this name stays until its last importer
// (payments.module.ts) imports that file instead.
export { createSandboxRepository } from './sandbox.repository';
