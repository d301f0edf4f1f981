import { appSocketPath, envelopeEventSchema, visitorCreate } from '@sb/contract';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, type RecordingSocket, recordSocket } from '../realtime/helpers';
import { createTestApp, type TestApp } from '../test-app';
import { deskAction, financeToken, newMember, ok, runningCampaign } from './helpers';

let testApp: TestApp;
let token: string;
let port: number;
const sockets: RecordingSocket[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
  token = await financeToken(testApp);
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  port = address.port;
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await testApp.close();
});

/** An /app/socket as the member site opens it, with the official client. */
async function appSocket(auth: { uid: string; token: string }): Promise<RecordingSocket> {
  const socket = recordSocket(
    io(`http://127.0.0.1:${port}`, {
      path: appSocketPath,
      transports: ['websocket'],
      query: auth,
      reconnection: false,
      forceNew: true,
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.socket.once('connect', () => resolve());
    socket.socket.once('connect_error', reject);
  });
  sockets.push(socket);
  return socket;
}

const envelopeEvents = (socket: RecordingSocket, id: number) =>
  socket.events
    .filter((event) => event.name === 'envelope')
    .map((event) => envelopeEventSchema.parse(event.payload))
    .filter((event) => event.id === id)
    .map((event) => event.status);

describe('the envelope push on /app/socket', () => {
  it('tells every connected member when a campaign starts, pauses, resumes and closes, and no visitor', async () => {
    const members = await Promise.all([newMember(testApp), newMember(testApp)]);
    const memberSockets = await Promise.all(members.map((member) => appSocket(member.auth)));
    const visitor = ok(await testApp.call<{ uid: string; token: string }>(visitorCreate.path, {}));
    const visitorSocket = await appSocket({ uid: visitor.uid, token: visitor.token });

    const campaign = await runningCampaign(testApp, token);
    ok(await deskAction(testApp, token, 'pause', campaign.id));
    ok(await deskAction(testApp, token, 'resume', campaign.id));
    ok(await deskAction(testApp, token, 'close', campaign.id));
    for (const socket of memberSockets)
      await eventually(
        () => (envelopeEvents(socket, campaign.id).length === 4 ? true : undefined),
        'four envelope events',
      );
    for (const socket of memberSockets)
      expect(envelopeEvents(socket, campaign.id)).toEqual([
        'running',
        'paused',
        'running',
        'closed',
      ]);
    expect(envelopeEvents(visitorSocket, campaign.id)).toEqual([]);
  });
});
