import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../../lib/storage';
import {
  createRoomFollower,
  followedRoomsKey,
  type RoomRequest,
  readFollowedRooms,
  writeFollowedRooms,
} from './followed-rooms';

describe('the followed rooms in session storage', () => {
  it('reads back the list with the detail room joined to it, the detail itself closed', () => {
    const storage = new MemoryStorage();
    writeFollowedRooms(storage, { list: ['A-1-10', 'A-1-11'], detail: 'A-2-20' });
    expect(readFollowedRooms(storage)).toEqual({
      list: ['A-1-10', 'A-1-11', 'A-2-20'],
      detail: null,
    });
  });

  it('reads nothing from a missing, broken or foreign entry, and drops bad room names', () => {
    const storage = new MemoryStorage();
    expect(readFollowedRooms(storage)).toEqual({ list: [], detail: null });
    storage.setItem(followedRoomsKey, '{not json');
    expect(readFollowedRooms(storage)).toEqual({ list: [], detail: null });
    storage.setItem(followedRoomsKey, JSON.stringify(['A-1-10']));
    expect(readFollowedRooms(storage).list).toEqual([]);
    storage.setItem(
      followedRoomsKey,
      JSON.stringify({ list: ['A-1-10', 'A-0-1', 7, 'A-1-10', '<script>'], detail: 'B-1' }),
    );
    expect(readFollowedRooms(storage)).toEqual({ list: ['A-1-10'], detail: null });
  });

  it('keeps at most what the server follows for one socket', () => {
    const storage = new MemoryStorage();
    const list = Array.from({ length: 400 }, (_, index) => `A-1-${index + 1}`);
    storage.setItem(followedRoomsKey, JSON.stringify({ list, detail: null }));
    expect(readFollowedRooms(storage).list).toHaveLength(300);
  });
});

describe('createRoomFollower', () => {
  let storage: MemoryStorage;
  let sent: RoomRequest[];
  let isConnected: boolean;
  const follower = () =>
    createRoomFollower({
      storage,
      isConnected: () => isConnected,
      send: (request) => sent.push(request),
      joinDelayMs: 250,
    });
  const join = (rooms: string[]): RoomRequest => ({
    event: 'join-room',
    payload: { initData: false, rooms, view: 'list' },
  });
  const append = (room: string, view: 'match' | 'list'): RoomRequest => ({
    event: 'append-join-room',
    payload: { room, view },
  });

  beforeEach(() => {
    vi.useFakeTimers();
    storage = new MemoryStorage();
    sent = [];
    isConnected = true;
  });
  afterEach(() => vi.useRealTimers());

  it('joins the list once scrolling settles, and writes it down at once', () => {
    const rooms = follower();
    rooms.followList(['A-1-12', 'A-1-11']);
    rooms.followList(['A-1-11', 'A-1-12', 'A-1-13']);
    expect(readFollowedRooms(storage).list).toEqual(['A-1-11', 'A-1-12', 'A-1-13']);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(250);
    expect(sent).toEqual([join(['A-1-11', 'A-1-12', 'A-1-13'])]);
    // The same set again sends nothing.
    rooms.followList(['A-1-13', 'A-1-12', 'A-1-11']);
    vi.advanceTimersByTime(1_000);
    expect(sent).toHaveLength(1);
  });

  it("appends a detail in match view and names it in the list's later joins", () => {
    const rooms = follower();
    rooms.followList(['A-1-11']);
    vi.advanceTimersByTime(250);
    rooms.followDetail('A-1-50');
    expect(sent.at(-1)).toEqual(append('A-1-50', 'match'));
    expect(storage.getItem(followedRoomsKey)).toBe(
      JSON.stringify({ list: ['A-1-11'], detail: 'A-1-50' }),
    );
    rooms.followList(['A-1-12']);
    vi.advanceTimersByTime(250);
    expect(sent.at(-1)).toEqual(join(['A-1-12', 'A-1-50']));
  });

  it('drops a closed detail the list does not show, and moves back one it shows', () => {
    const rooms = follower();
    rooms.followList(['A-1-11']);
    vi.advanceTimersByTime(250);
    rooms.followDetail('A-1-50');
    rooms.followDetail(null);
    vi.advanceTimersByTime(250);
    expect(sent.slice(-2)).toEqual([append('A-1-50', 'match'), join(['A-1-11'])]);

    rooms.followDetail('A-1-11');
    rooms.followDetail(null);
    expect(sent.slice(-2)).toEqual([append('A-1-11', 'match'), append('A-1-11', 'list')]);
  });

  it('switches from one detail to another', () => {
    const rooms = follower();
    rooms.followList(['A-1-11']);
    vi.advanceTimersByTime(250);
    sent = [];
    rooms.followDetail('A-1-11');
    rooms.followDetail('A-1-50');
    expect(sent).toEqual([
      append('A-1-11', 'match'),
      append('A-1-50', 'match'),
      append('A-1-11', 'list'),
    ]);
  });

  it('sends nothing while disconnected, then the detail and the whole set on connect', () => {
    isConnected = false;
    const rooms = follower();
    rooms.followList(['A-1-11']);
    rooms.followDetail('A-1-50');
    vi.advanceTimersByTime(1_000);
    expect(sent).toEqual([]);
    isConnected = true;
    rooms.joinAll();
    expect(sent).toEqual([append('A-1-50', 'match'), join(['A-1-11', 'A-1-50'])]);
  });

  it('joins the rooms of the last page at once after a reload, before the list tells its own', () => {
    writeFollowedRooms(storage, { list: ['A-1-11', 'A-1-12'], detail: 'A-1-50' });
    const rooms = follower();
    rooms.joinAll();
    expect(sent).toEqual([join(['A-1-11', 'A-1-12', 'A-1-50'])]);
    rooms.followList(['A-1-12']);
    vi.advanceTimersByTime(250);
    expect(sent.at(-1)).toEqual(join(['A-1-12']));
  });

  it('tells which rooms each join keeps, so matches no longer followed can go', () => {
    const kept: string[][] = [];
    const rooms = createRoomFollower({
      storage,
      isConnected: () => false,
      send: () => {},
      onJoin: (all) => kept.push([...all]),
    });
    rooms.followList(['A-1-11']);
    vi.advanceTimersByTime(250);
    rooms.followDetail('A-1-50');
    rooms.joinAll();
    expect(kept).toEqual([['A-1-11'], ['A-1-11', 'A-1-50']]);
  });
});
