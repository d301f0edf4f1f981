/**
 * The leagues of the simulated world, one line each:
 *   key | name | category | teams | matches a day | kick-offs (UTC) | names | options
 * Keys are stable: random streams and ids hang off them, so never rename or reorder one.
 * Kick-off `a-b/m` means every m minutes from hour a to hour b. Names: club:<towns>,
 * nickname:<towns>, player, player:women, esports, horse; club names may carry their own
 * patterns after a second colon ({t} is the town). Options: outright, quarters=<minutes>,
 * points=<per team>, women, rolling (a match at every slot all day), since=<calendar>.
 *
 * A day's events are numbered in kick-off order over all leagues, so a change to a league's
 * matches a day or kick-offs renumbers the days of worlds already running. Such a change comes
 * as a new calendar (`CALENDAR` in fixtures.ts): a league added with `since=<new calendar>`, or
 * a rule in `planDay` keyed on the calendar. Saved worlds keep the calendar they began with.
 */
export const LEAGUE_TABLES: Record<string, string> = {
  football: `
    en1 | Premier Division     | England       | 20 | 4 | 11:30 14:00 16:30 19:00 | club:en | outright
    es1 | Primera Liga         | Spain         | 20 | 2 | 15:00 17:15 19:30 20:00 | club:es | outright
    it1 | Serie Nazionale      | Italy         | 20 | 2 | 13:30 16:00 18:45       | club:it | outright
    de1 | Erste Liga           | Germany       | 18 | 3 | 13:30 16:30 18:30       | club:de | outright
    fr1 | Ligue Élite          | France        | 18 | 2 | 15:00 19:00 20:00       | club:fr
    nl1 | Eredivisie Pro       | Netherlands   | 18 | 2 | 12:30 18:00 19:00       | club:nl
    br1 | Série A Nacional     | Brazil        | 20 | 3 | 21:00 23:30 00:30       | club:br | outright
    ar1 | Liga Profesional     | Argentina     | 16 | 2 | 19:00 21:15 23:30       | club:ar
    us1 | Major Soccer League  | USA           | 18 | 2 | 00:30 02:30 23:30       | club:us
    jp1 | J-Premier            | Japan         | 18 | 2 | 05:00 07:00 10:00       | club:jp
    cn1 | Super League         | China         | 16 | 2 | 07:35 11:35 12:00       | club:cn
    kr1 | K-Premier            | South Korea   | 12 | 2 | 05:30 10:00             | club:kr
    au1 | A-League Premier     | Australia     | 12 | 2 | 08:45 09:30             | club:au`,
  basketball: `
    usb | Pro Basketball League      | USA           | 20 | 4 | 00:00 01:00 02:30 03:30 | nickname:us
        | outright quarters=12 points=114
    cnb | CBA League                 | China         | 16 | 3 | 11:35 12:00 12:30 | nickname:cn
        | quarters=12 points=104
    eub | Euro Basket League         | International | 18 | 2 | 17:00 19:00 | nickname:it | points=82
    esb | Liga ACB Pro               | Spain         | 16 | 2 | 17:30 19:45
        | club:es:{t} Basket,CB {t} | points=84
    aub | National Basketball League | Australia     | 10 | 1 | 08:30 09:30 | nickname:au | points=88`,
  tennis: `
    atp1 | ATP Rotterdam           | ATP        | 32 | 5 | 10-19/90    | player | outright
    wta1 | WTA Dubai               | WTA        | 32 | 5 | 6-13/90     | player:women | outright women
    ch1  | Challenger Buenos Aires | Challenger | 32 | 4 | 14-21/90    | player
    itf1 | ITF Antalya             | ITF Men    | 32 | 4 | 7-13/90     | player
    atp2 | ATP Acapulco            | ATP        | 32 | 3 | 0-3/90      | player`,
  volleyball: `
    itv | SuperLega | Italy  | 12 | 2 | 17:00 19:30 | club:it:{t} Volley,Pallavolo {t}
    plv | PlusLiga  | Poland | 12 | 2 | 15:00 17:30 | club:pl
    brv | Superliga | Brazil | 12 | 2 | 21:30 23:30 | club:br:{t} Vôlei,Sesi {t}`,
  hockey: `
    nah | Pro Hockey League  | USA     | 20 | 4 | 23:00 00:00 01:00 02:30 | nickname:us | outright
    ruh | Continental League | Russia  | 16 | 2 | 14:30 16:30             | club:ru
    seh | SHL Elite          | Sweden  | 14 | 2 | 18:00                   | club:se
    fih | Liiga Premier      | Finland | 14 | 1 | 16:30                   | club:fi`,
  table_tennis: `
    setka  | Setka Cup  | Czech Republic | 24 | 8  | 5-22/60 | player
    wincup | Win Cup    | Ukraine        | 24 | 5  | 6-21/90 | player
    ttpro  | Pro League | Russia         | 24 | 96 | 0-24/15 | player | rolling since=2`,
  badminton: `
    bwf1 | World Tour Super 500         | International | 32 | 4 | 2-12/120 | player
    bwf2 | World Tour Super 500 Women's | International | 32 | 3 | 3-13/120 | player:women`,
  esports: `
    cs1 | CS2 Pro League   | Europe   | 16 | 4 | 14:00 16:30 19:00 21:30 | esports | outright
    cs2 | CS2 Asia Masters | Asia     | 12 | 3 | 06:00 09:00 12:00       | esports
    cs3 | CS2 Americas Cup | Americas | 12 | 2 | 22:00 01:00             | esports`,
  virtual_football: `
    vfb | Virtual Premier | Virtual | 16 | 0 | - | club:en`,
  virtual_basketball: `
    vbb | Virtual Basketball League | Virtual | 12 | 0 | - | nickname:us | quarters=10 points=84`,
  racing: `
    vhr | Meadow Park | Virtual horse racing | 60 | 0 | - | horse`,
};
