/** Pools are kept as one string each so they stay compact. */
function list(joined: string): readonly string[] {
  return joined.split('|');
}

/**
 * Name pools the world is drawn from. Clubs are made of real town names and common club
 * patterns, so they read as plausible without being real teams.
 */
export const TOWNS = {
  en: list(
    'Ashford|Kingsbridge|Redbourne|Halton|Whitcombe|Marston|Oakley|Thornbury|Castleford|Eastleigh|Fairhaven|Grantham|Hollingwood|Ilkley|Langford|Millbrook|Northwich|Penrith|Rochford|Stamford|Tewkesbury|Wexley',
  ),
  es: list(
    'Alcora|Benalmar|Castellón|Dosrios|Elvira|Fuenlabra|Granadilla|Huelvaro|Illescas|Jaraba|Lorquí|Marbesa|Navarrete|Olivenza|Puertollano|Requena|Salobreña|Tordesillas|Utrera|Valdemoro|Zafra|Almagro',
  ),
  it: list(
    'Albano|Bassano|Castelfranco|Dolceacqua|Empoli Alta|Fossano|Gubbio|Imola|Lanciano|Montalcino|Novara|Orvieto|Pescara|Rovigo|Sassuolo|Teramo|Udine|Varese|Vicenza|Trani',
  ),
  de: list(
    'Altenburg|Bergheim|Celle|Dillingen|Erding|Freising|Göppingen|Hameln|Ingolstadt|Jena|Kempten|Lörrach|Meppen|Neuss|Offenburg|Passau|Rastatt|Siegen|Tübingen|Wetzlar',
  ),
  fr: list(
    'Angers|Bastia|Chambéry|Dunkerque|Évreux|Fréjus|Gap|Hyères|Laval|Mâcon|Niort|Orléans|Pau|Quimper|Rodez|Sète|Troyes|Valence|Vannes|Béziers',
  ),
  br: list(
    'Anápolis|Bauru|Campinas|Divinópolis|Franca|Goiânia|Itabuna|Joinville|Londrina|Maringá|Natal|Osasco|Petrópolis|Ribeirão|Santarém|Teresina|Uberaba|Volta Redonda|Caxias|Juazeiro',
  ),
  ar: list(
    'Azul|Bahía|Campana|Dolores|Esquel|Formosa|Gualeguay|Junín|Lanús Oeste|Mercedes|Necochea|Olavarría|Pergamino|Rafaela|Tandil|Zárate',
  ),
  nl: list(
    'Alkmaar|Breda|Deventer|Emmen|Gouda|Hoorn|Leeuwarden|Maastricht|Nijmegen|Oss|Roosendaal|Venlo|Zwolle|Helmond|Almere|Assen|Delft|Tilburg',
  ),
  us: list(
    'Albany|Boise|Charleston|Dayton|El Paso|Fresno|Grand Rapids|Hartford|Irvine|Jacksonville|Knoxville|Lexington|Madison|Norfolk|Omaha|Providence|Reno|Spokane|Tacoma|Tulsa|Wichita|Savannah',
  ),
  jp: list(
    'Akita|Fukui|Gifu|Himeji|Iwaki|Kanazawa|Kochi|Matsue|Nagano|Oita|Saga|Shizuoka|Tottori|Toyama|Utsunomiya|Yamagata|Wakayama|Kofu',
  ),
  cn: list(
    'Anshan|Baotou|Changde|Datong|Foshan|Ganzhou|Handan|Jilin|Kaifeng|Luoyang|Mianyang|Nanchong|Qingyuan|Shaoxing|Taizhou|Weifang|Xiangtan|Yichang|Zhuhai|Liuzhou',
  ),
  kr: list(
    'Andong|Changwon|Gimhae|Gumi|Iksan|Jeonju|Mokpo|Pohang|Suncheon|Yeosu|Chuncheon|Gangneung|Asan|Wonju',
  ),
  au: list(
    'Ballarat|Bendigo|Cairns|Geelong|Hobart|Launceston|Mackay|Newcastle|Rockhampton|Toowoomba|Townsville|Wollongong|Darwin|Mildura',
  ),
  ru: list(
    'Bryansk|Cherepovets|Ivanovo|Kaluga|Kostroma|Lipetsk|Murmansk|Orenburg|Penza|Ryazan|Tambov|Tver|Vologda|Yaroslavl|Sochi|Omsk',
  ),
  se: list(
    'Borås|Falun|Gävle|Jönköping|Karlstad|Luleå|Malmö|Örebro|Skellefteå|Växjö|Umeå|Linköping|Sundsvall|Kalmar',
  ),
  fi: list(
    'Espoo|Hämeenlinna|Joensuu|Jyväskylä|Kuopio|Lahti|Oulu|Pori|Rauma|Tampere|Turku|Vaasa|Mikkeli|Kouvola',
  ),
  pl: list(
    'Bełchatów|Gdańsk|Kędzierzyn|Lublin|Olsztyn|Radom|Rzeszów|Suwałki|Zawiercie|Jastrzębie|Częstochowa|Bydgoszcz|Kielce|Opole',
  ),
};
export type TownStyle = keyof typeof TOWNS;

/** Club name patterns per style; {t} is the town. */
export const CLUB_PATTERNS: Record<TownStyle, readonly string[]> = {
  en: list(
    '{t} United|{t} City|{t} Town|{t} Rovers|{t} Athletic|{t} Albion|{t} Wanderers|{t} County',
  ),
  es: list('Real {t}|Atlético {t}|{t} CF|Deportivo {t}|CD {t}|UD {t}'),
  it: list('{t} Calcio|AC {t}|US {t}|Virtus {t}|FC {t}'),
  de: list('FC {t}|SV {t}|VfB {t}|Borussia {t}|SC {t}|TSG {t}'),
  fr: list('FC {t}|Olympique {t}|Stade {t}|AS {t}|Racing {t}'),
  br: list('{t} EC|Atlético {t}|{t} FC|Sport {t}|Clube {t}'),
  ar: list('Club {t}|Atlético {t}|Sportivo {t}|Deportivo {t}|Racing {t}'),
  nl: list('FC {t}|{t} Boys|SC {t}|VV {t}|Go Ahead {t}'),
  us: list('{t} FC|{t} SC|Sporting {t}|{t} United'),
  jp: list('{t} FC|{t} United|Vissel {t}|Sagan {t}|{t} Blaze'),
  cn: list('{t} FC|{t} Dragons|{t} Taishan|{t} City'),
  kr: list('{t} FC|{t} United|{t} Citizen|{t} Steelers'),
  au: list('{t} FC|{t} City|{t} United|{t} Jets'),
  ru: list('{t}|Dynamo {t}|Torpedo {t}|Spartak {t}|Lokomotiv {t}'),
  se: list('{t} IF|{t} HC|IK {t}|{t} BK'),
  fi: list('{t} HC|{t} Ilves|{t} Kärpät|{t} Pelicans'),
  pl: list('{t} Volley|AZS {t}|Skra {t}|Projekt {t}'),
};

/** North American style nicknames for basketball and ice hockey. */
export const NICKNAMES = list(
  'Hawks|Comets|Bears|Pioneers|Storm|Knights|Foxes|Owls|Titans|Mustangs|Riders|Falcons|Wolves|Cyclones|Rangers|Bison|Harbor Cats|Voyagers|Thunder|Grizzlies',
);

export const FIRST_NAMES = list(
  'Adrian|Bruno|Carlos|Daniel|Emil|Felix|Gustavo|Hugo|Ivan|Jonas|Kenji|Lucas|Mateo|Nikolai|Oscar|Pablo|Rafael|Stefan|Tomas|Viktor|Yuki|Wei|Ming|Arjun|Marco|Andrei|Jakub|Lars|Mehmet|Diego',
);
export const WOMEN_FIRST_NAMES = list(
  'Anna|Beatriz|Chloé|Daria|Elena|Freya|Giulia|Hana|Ines|Julia|Katarina|Laura|Maria|Nadia|Olga|Paula|Sofia|Tereza|Valentina|Fang|Yuna|Zoe|Mei|Ayumi|Lena',
);
export const LAST_NAMES = list(
  'Almeida|Berger|Costa|Dubois|Eriksen|Fischer|García|Horvat|Ivanov|Jansen|Kowalski|Lindqvist|Moreno|Novak|Olsen|Petrov|Rossi|Schmidt|Tanaka|Urbán|Varga|Weber|Yamamoto|Zielinski|Chen|Kim|Nakamura|Silva|Kovács|Lambert|Moretti|Svoboda|Dvořák|Popescu|Hansen|Park|Sato|Liu|Müller|Fernández',
);

export const ESPORTS_WORDS = {
  first: list(
    'Crimson|Nova|Iron|Shadow|Arctic|Solar|Phantom|Royal|Cyber|Vortex|Neon|Eclipse|Titan|Onyx|Storm|Void',
  ),
  second: list(
    'Wolves|Syndicate|Legion|Vipers|Dynasty|Raptors|Collective|Squad|Reapers|Falcons|Guardians|Owls|Gaming|Esports|Sharks',
  ),
};

export const HORSE_WORDS = {
  first: list(
    'Silver|Golden|Midnight|Lucky|Royal|Wild|Desert|Northern|Bold|Swift|Velvet|Copper|Scarlet|Misty|Thunder|Gentle',
  ),
  second: list(
    'Arrow|Dancer|Spirit|Legend|Echo|Comet|Promise|Warrior|Breeze|Rebel|Charm|Flame|Whisper|Dream|Crown|Star',
  ),
};

/** Three capitals for score boards: "Kingsbridge United" -> "KIN". */
export function abbreviate(name: string): string {
  const words = name
    .replace(/[^\p{L}\s]/gu, '')
    .split(/\s+/)
    .filter((w) => w.length > 2);
  const base = (words[0] ?? name).normalize('NFD').replace(/\p{M}/gu, '');
  return base.slice(0, 3).toUpperCase();
}
