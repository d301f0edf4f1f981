import * as calls from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/register-call';
import type { Authenticator, CallContext } from '../../http/request-context';
import type { FavouritesService } from './favourites.service';
import type { MatchService } from './match.service';
import type { MatchInfoService } from './match-info.service';

/** The caller on a call whose auth level guarantees one. */
function userOf(context: CallContext) {
  if (!context.user) throw new AppError('TOKEN_INVALID');
  return context.user;
}

/** Binds the match calls of the contract to the match services. */
export function registerMatchRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  services: { matches: MatchService; info: MatchInfoService; favourites: FavouritesService },
  options: { sealPayloads: boolean },
): void {
  const { matches, info, favourites } = services;
  const register = <C extends calls.CallDefinition>(
    definition: C,
    handler: Parameters<typeof registerCall<C>>[3],
  ) => registerCall(app, authenticate, definition, handler, options);

  register(calls.matchList, (input, context) => matches.list(input, context));
  register(calls.matchListAlias, (input, context) => matches.list(input, context));
  register(calls.matchDetails, (input, context) => matches.details(input, context));
  register(calls.matchMarketOptions, (input, context) => matches.marketOptions(input, context));
  register(calls.matchLegList, (input, context) => matches.legList(input, context));
  register(calls.matchSearch, (input, context) => matches.search(input, context));
  register(calls.matchSearchResult, (input, context) => matches.search(input, context));
  register(calls.matchResultList, (input, context) => matches.results(input, context));
  register(calls.matchResultsList, (input, context) => matches.results(input, context));
  register(calls.matchHotList, (input, context) => matches.hotList(input, context));

  register(calls.matchCount, (_input, context) => info.count(context));
  register(calls.matchLeague, (input, context) => info.leagues(input, context));
  register(calls.matchBasketballLeague, (input, context) => info.basketballLeagues(input, context));
  register(calls.matchTag, (input, context) => info.tags(input, context));
  register(calls.matchLeagueHot, (input, context) => info.hotLeagues(input, context));
  register(calls.matchBanner, (_input, context) => info.banners(context));
  register(calls.matchEvent, (input, context) => info.events(input, context));
  register(calls.matchLive, (input, context) => info.live(input, context));
  register(calls.matchLiveSwitch, (input, context) => info.liveSwitch(input, context));
  register(calls.matchHeadToHead, (input, context) => info.headToHead(input, context));
  register(calls.matchEcho, (input, context) => info.echo(input, context));
  register(calls.matchSysInit, (_input, context) => info.sysinit(context));
  register(calls.matchSportsType, (_input, context) => info.sportsType(context));
  register(calls.bettingTable, (input, context) => info.playTable(input, context));
  register(calls.basketTable1, (_input, context) => info.basketballTable(1, context));
  register(calls.basketTable2, (_input, context) => info.basketballTable(2, context));

  register(calls.favoriteAdd, (input, context) => favourites.add(userOf(context).userId, input));
  register(calls.favoriteDelete, (input, context) =>
    favourites.remove(userOf(context).userId, input),
  );
}
