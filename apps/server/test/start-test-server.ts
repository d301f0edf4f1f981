import { createTestApp } from './test-app';

/**
 * A real server for browser tests: listens on 127.0.0.1 on a free port with a fresh database,
 * serving the built web app from webDistDir.
 */
export async function startTestServer(options: { webDistDir?: string } = {}) {
  const testApp = await createTestApp(options.webDistDir ? { webDistDir: options.webDistDir } : {});
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('test server has no port');
  return { url: `http://127.0.0.1:${address.port}`, close: () => testApp.close() };
}
