/**
 * The leagues of the simulated world, one line each:
 *   key | name | category | teams | matches a day | kick-offs (UTC) | names | options
 * Keys are stable: random streams and ids hang off them, so never rename or reorder one.
 * Kick-off `a-b/m` means every m minutes from hour a to hour b (`a:mm-b/m` from mm past hour a).
 * The leagues of calendar 3 (`since=3`) kick off in their own local afternoons and evenings,
 * written in UTC: Tokyo's 19:00 is 10:00, Sydney's 19:45 is 08:45, New York's 19:00 is 00:00;
 * the round-the-clock table tennis and esports leagues fill the hours between. Names: club:<towns>,
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
    en1 | Premier Division     | England      | 20 | 4 | 11:30 14:00 16:30 19:00 | club:en                             | outright
    es1 | Primera Liga         | Spain        | 20 | 2 | 15:00 17:15 19:30 20:00 | club:es                             | outright
    it1 | Serie Nazionale      | Italy        | 20 | 2 | 13:30 16:00 18:45       | club:it                             | outright
    de1 | Erste Liga           | Germany      | 18 | 3 | 13:30 16:30 18:30       | club:de                             | outright
    fr1 | Ligue Élite          | France       | 18 | 2 | 15:00 19:00 20:00       | club:fr
    nl1 | Eredivisie Pro       | Netherlands  | 18 | 2 | 12:30 18:00 19:00       | club:nl
    br1 | Série A Nacional     | Brazil       | 20 | 3 | 21:00 23:30 00:30       | club:br                             | outright
    ar1 | Liga Profesional     | Argentina    | 16 | 2 | 19:00 21:15 23:30       | club:ar
    us1 | Major Soccer League  | USA          | 18 | 2 | 00:30 02:30 23:30       | club:us
    jp1 | J-Premier            | Japan        | 18 | 2 | 05:00 07:00 10:00       | club:jp
    cn1 | Super League         | China        | 16 | 2 | 07:35 11:35 12:00       | club:cn
    kr1 | K-Premier            | South Korea  | 12 | 2 | 05:30 10:00             | club:kr
    au1 | A-League Premier     | Australia    | 12 | 2 | 08:45 09:30             | club:au
    en2 | Championship League  | England      | 24 | 6 | 12:30 15:00 19:45 20:00 | club:en2                            | outright since=3
    enw | Women's Super League | England      | 12 | 2 | 12:00 14:30 18:30       | club:en:{t} Women                   | since=3
    enu | Premier League U21   | England      | 20 | 3 | 12:00 14:00 18:00       | club:en:{t} U21                     | since=3
    es2 | Segunda Liga         | Spain        | 22 | 4 | 14:00 16:15 18:30 20:00 | club:es2                            | since=3
    esw | Liga F Femenina      | Spain        | 16 | 2 | 11:00 16:00             | club:es:{t} Femenino                | since=3
    it2 | Serie Cadetti        | Italy        | 20 | 4 | 13:00 15:15 19:30       | club:it2                            | since=3
    de2 | Zweite Liga          | Germany      | 18 | 4 | 11:30 17:30             | club:de2                            | since=3
    dew | Frauen-Liga          | Germany      | 12 | 2 | 10:00 15:00             | club:de:{t} Frauen                  | since=3
    fr2 | Ligue Deux           | France       | 18 | 4 | 17:00 19:00             | club:fr2                            | since=3
    pt1 | Primeira Divisão     | Portugal     | 18 | 4 | 16:30 19:15 20:15       | club:pt                             | since=3
    be1 | Pro League           | Belgium      | 16 | 3 | 15:00 18:15 19:45       | club:be                             | since=3
    tr1 | Süper Lig            | Turkey       | 18 | 4 | 11:00 14:00 17:00       | club:tr                             | since=3
    sc1 | Premiership          | Scotland     | 12 | 2 | 11:30 15:00 19:45       | club:sc                             | since=3
    pl1 | Ekstraklasa          | Poland       | 14 | 3 | 14:45 17:30 19:30       | club:pl:{t} FC,Górnik {t},Wisła {t} | since=3
    ru1 | Premier Liga         | Russia       | 16 | 2 | 11:00 13:30 16:30       | club:ru                             | since=3
    sa1 | Pro League           | Saudi Arabia | 18 | 4 | 15:00 17:00 18:00       | club:sa                             | since=3
    cn2 | League One           | China        | 16 | 2 | 07:00 08:00 11:00       | club:cn2                            | since=3
    cnw | Women's Super League | China        | 12 | 1 | 06:00 07:30             | club:cn:{t} Women                   | since=3
    jp2 | J-Second Division    | Japan        | 20 | 3 | 04:00 05:00 06:00 10:00 | club:jp2                            | since=3
    jpw | WE League            | Japan        | 12 | 1 | 04:00 05:00             | club:jp:{t} Ladies                  | since=3
    kr2 | K-Challenge League   | South Korea  | 12 | 2 | 05:00 07:30 10:30       | club:kr2                            | since=3
    au2 | NPL Victoria         | Australia    | 14 | 2 | 05:00 08:30 09:30       | club:au2                            | since=3
    auw | A-League Women       | Australia    | 10 | 1 | 04:00 06:00             | club:au:{t} Women                   | since=3
    th1 | Thai League 1        | Thailand     | 16 | 2 | 11:00 12:00 13:00       | club:th                             | since=3
    id1 | Liga 1               | Indonesia    | 18 | 3 | 08:00 09:00 12:00       | club:id                             | since=3
    mx1 | Liga MX              | Mexico       | 18 | 4 | 00:00 02:05 03:10       | club:mx                             | outright since=3
    mxw | Liga MX Femenil      | Mexico       | 18 | 2 | 22:00 01:00             | club:mx:{t} Femenil                 | since=3
    us2 | USL Championship     | USA          | 20 | 4 | 23:30 00:30 02:00 03:00 | club:us2                            | since=3
    usw | Women's Pro Soccer   | USA          | 14 | 2 | 23:00 01:00 02:30       | club:us:{t} Women                   | since=3
    co1 | Liga Colombiana      | Colombia     | 18 | 3 | 21:00 23:10 01:20       | club:co                             | since=3
    cl1 | Primera División     | Chile        | 16 | 3 | 20:00 22:30 00:30       | club:cl                             | since=3
    br2 | Série B Nacional     | Brazil       | 20 | 4 | 19:00 22:00 00:00       | club:br2                            | since=3
    bru | Brasileiro Sub-20    | Brazil       | 20 | 2 | 13:00 18:00             | club:br:{t} Sub-20                  | since=3`,
  basketball: `
    usb  | Pro Basketball League      | USA           | 20 | 4 | 00:00 01:00 02:30 03:30 | nickname:us
        | outright quarters=12 points=114
    cnb  | CBA League                 | China         | 16 | 3 | 11:35 12:00 12:30       | nickname:cn
        | quarters=12 points=104
    eub  | Euro Basket League         | International | 18 | 2 | 17:00 19:00             | nickname:it                               | points=82
    esb  | Liga ACB Pro               | Spain         | 16 | 2 | 17:30 19:45
        | club:es:{t} Basket,CB {t} | points=84
    aub  | National Basketball League | Australia     | 10 | 1 | 08:30 09:30             | nickname:au                               | points=88
    usg  | Development League         | USA           | 20 | 3 | 00:00 01:00 02:00 03:00 | nickname:us2
        | quarters=12 points=112 since=3
    usc  | College Hoops Division I   | USA           | 22 | 5 | 23:00 00:00 01:00 02:00 03:00
        | club:us:{t} State,{t} University,{t} College | quarters=10 points=72 since=3
    uswb | Women's Pro Basketball     | USA           | 12 | 2 | 23:00 00:00 02:00       | nickname:us                               | points=82 since=3
    jpb  | B.League Premier           | Japan         | 18 | 3 | 05:00 06:05 10:05       | nickname:jp                               | points=82 since=3
    krb  | KBL Pro                    | South Korea   | 10 | 2 | 06:00 10:00             | nickname:kr                               | points=80 since=3
    trb  | Basketbol Süper Ligi       | Turkey        | 16 | 2 | 14:00 16:30 17:00       | club:tr:{t} Basket,{t} BK                 | points=82 since=3
    frb  | LNB Élite                  | France        | 16 | 2 | 18:00 19:00             | club:fr:{t} Basket,JL {t},ASVEL {t}       | points=82 since=3
    deb  | Basketball Bundesliga      | Germany       | 18 | 2 | 13:30 17:00 18:30       | club:de:{t} Baskets,{t} Towers,{t} Giants | points=84 since=3
    brb  | NBB Brasil                 | Brazil        | 16 | 2 | 22:00 23:30             | club:br:{t} Basquete                      | points=80 since=3
    euw  | EuroLeague Women           | International | 16 | 2 | 16:00 18:00             | club:it:{t} Basket Femminile              | points=74 since=3`,
  tennis: `
    atp1 | ATP Rotterdam           | ATP         | 32 | 5 | 10-19/90 | player       | outright
    wta1 | WTA Dubai               | WTA         | 32 | 5 | 6-13/90  | player:women | outright women
    ch1  | Challenger Buenos Aires | Challenger  | 32 | 4 | 14-21/90 | player
    itf1 | ITF Antalya             | ITF Men     | 32 | 4 | 7-13/90  | player
    atp2 | ATP Acapulco            | ATP         | 32 | 3 | 0-3/90   | player
    ch2  | Challenger Shanghai     | Challenger  | 32 | 5 | 2-10/90  | player       | since=3
    ch3  | Challenger Santiago     | Challenger  | 32 | 4 | 15-23/90 | player       | since=3
    ch4  | Challenger Bergamo      | Challenger  | 32 | 5 | 9-18/90  | player       | since=3
    itf2 | ITF Monastir            | ITF Men     | 32 | 6 | 7-16/90  | player       | since=3
    itf3 | ITF Sharm El Sheikh     | ITF Women   | 32 | 5 | 6-14/90  | player:women | women since=3
    itf4 | ITF Brisbane            | ITF Women   | 32 | 4 | 0-8/90   | player:women | women since=3
    itf5 | ITF Tokyo               | ITF Men     | 32 | 4 | 1-8/90   | player       | since=3
    itf6 | ITF Cancún              | ITF Men     | 32 | 4 | 15-23/90 | player       | since=3
    wta2 | WTA Guadalajara         | WTA         | 32 | 3 | 18-24/90 | player:women | outright women since=3
    wta3 | WTA 125 Jiangxi         | WTA 125     | 32 | 4 | 2-9/90   | player:women | women since=3
    jun1 | ITF Juniors Osaka       | ITF Juniors | 32 | 4 | 1-7/90   | player       | since=3`,
  volleyball: `
    itv | SuperLega          | Italy       | 12 | 2 | 17:00 19:30       | club:it:{t} Volley,Pallavolo {t}
    plv | PlusLiga           | Poland      | 12 | 2 | 15:00 17:30       | club:pl
    brv | Superliga          | Brazil      | 12 | 2 | 21:30 23:30       | club:br:{t} Vôlei,Sesi {t}
    jpv | SV.League          | Japan       | 10 | 1 | 05:00 06:00 09:00 | club:jp:{t} Thunders,{t} Sunbirds,{t} Blazers    | since=3
    trv | Sultanlar Ligi     | Turkey      | 14 | 2 | 13:00 15:00 16:00 | club:tr:{t} Voleybol,{t} Kadın Voleybol          | since=3
    itw | Serie A1 Femminile | Italy       | 14 | 2 | 15:00 17:00 19:00 | club:it:{t} Volley Donne,Pallavolo {t} Femminile | since=3
    krv | V-League           | South Korea | 10 | 2 | 07:00 10:00       | club:kr:{t} Skywalkers,{t} Jumbos,{t} Hi-pass    | since=3
    usv | Pro Volleyball     | USA         | 8  | 1 | 00:00 01:00       | club:us:{t} Volleyball,{t} Fury,{t} Vibe         | since=3
    brw | Superliga Feminina | Brazil      | 12 | 2 | 21:30 23:00       | club:br:{t} Vôlei Feminino                       | since=3`,
  hockey: `
    nah | Pro Hockey League         | USA            | 20 | 4 | 23:00 00:00 01:00 02:30 | nickname:us                               | outright
    ruh | Continental League        | Russia         | 16 | 2 | 14:30 16:30             | club:ru
    seh | SHL Elite                 | Sweden         | 14 | 2 | 18:00                   | club:se
    fih | Liiga Premier             | Finland        | 14 | 1 | 16:30                   | club:fi
    ahl | Development Hockey League | USA            | 20 | 3 | 23:00 00:00 01:00       | nickname:us2                              | since=3
    chl | Canadian Junior League    | Canada         | 18 | 3 | 23:00 00:00 02:00       | nickname:ca                               | since=3
    czh | Extraliga                 | Czech Republic | 14 | 2 | 16:00 17:30             | club:cz                                   | since=3
    deh | Eishockey Liga            | Germany        | 14 | 2 | 14:00 18:30             | club:de:EHC {t},{t} Pinguins,{t} Panthers | since=3
    chh | National League           | Switzerland    | 14 | 2 | 18:45                   | club:ch                                   | since=3
    pwh | Women's Pro Hockey        | USA            | 6  | 1 | 23:00 00:00             | nickname:us                               | since=3`,
  table_tennis: `
    setka  | Setka Cup       | Czech Republic | 24 | 8  | 5-22/60    | player
    wincup | Win Cup         | Ukraine        | 24 | 5  | 6-21/90    | player
    ttpro  | Pro League      | Russia         | 24 | 96 | 0-24/15    | player       | rolling since=2
    ttcup  | TT Cup          | Ukraine        | 24 | 96 | 0:05-24/15 | player       | rolling since=3
    tteli  | Elite Series    | Poland         | 24 | 96 | 0:10-24/15 | player       | rolling since=3
    ttcz   | Liga Pro        | Czech Republic | 24 | 72 | 0-24/20    | player       | rolling since=3
    ttwom  | Setka Cup Women | Czech Republic | 24 | 48 | 0:15-24/30 | player:women | rolling since=3`,
  badminton: `
    bwf1 | World Tour Super 500         | International | 32 | 4 | 2-12/120 | player
    bwf2 | World Tour Super 500 Women's | International | 32 | 3 | 3-13/120 | player:women
    bwf3 | World Tour Super 300         | International | 32 | 6 | 1-11/60  | player       | since=3
    bwf4 | World Tour Super 300 Women's | International | 32 | 5 | 2-12/60  | player:women | since=3
    bwfj | World Junior Championships   | International | 32 | 4 | 4-12/120 | player       | since=3`,
  esports: `
    cs1 | CS2 Pro League        | Europe        | 16 | 4  | 14:00 16:30 19:00 21:30 | esports | outright
    cs2 | CS2 Asia Masters      | Asia          | 12 | 3  | 06:00 09:00 12:00       | esports
    cs3 | CS2 Americas Cup      | Americas      | 12 | 2  | 22:00 01:00             | esports
    cs4 | CS2 Challenger Series | International | 24 | 24 | 0-24/60                 | esports | rolling since=3
    vl1 | Valorant Challengers  | International | 24 | 24 | 0:30-24/60              | esports | rolling since=3
    cs5 | CS2 Europe Challenger | Europe        | 16 | 4  | 12:00 15:00 18:00 20:00 | esports | since=3
    cs6 | CS2 Oceania League    | Oceania       | 10 | 2  | 06:00 09:00             | esports | since=3
    vl2 | Valorant Pacific      | Asia          | 12 | 3  | 07:00 09:00 11:00       | esports | since=3
    vl3 | Valorant Americas     | Americas      | 12 | 2  | 22:00 00:00             | esports | since=3
    csw | CS2 Women's Series    | Europe        | 12 | 2  | 15:00 18:00             | esports | since=3`,
  virtual_football: `
    vfb | Virtual Premier | Virtual | 16 | 0 | - | club:en`,
  virtual_basketball: `
    vbb | Virtual Basketball League | Virtual | 12 | 0 | - | nickname:us | quarters=10 points=84`,
  racing: `
    vhr | Meadow Park | Virtual horse racing | 60 | 0 | - | horse`,
};
