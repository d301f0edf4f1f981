import { config } from 'zod';

// Zod compiles fast parsers with `new Function` unless told not to, and a content security
// policy without 'unsafe-eval' (the server's, docs/security.md) reports even its probe for that
// as a violation. Each app's entry imports this first, so no parse ever tries.
config({ jitless: true });
