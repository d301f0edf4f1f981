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

  // Calendar 3's lower divisions and leagues; the pools above stay as they are (worlds of
  // earlier calendars draw from them).
  en2: list(
    'Barnsley|Blackburn|Bolton|Burnley|Bury|Carlisle|Chesterfield|Colchester|Crewe|Doncaster|Exeter|Gillingham|Grimsby|Hartlepool|Huddersfield|Lincoln|Morecambe|Oldham|Peterborough|Plymouth|Preston|Rotherham|Shrewsbury|Stockport|Swindon|Walsall',
  ),
  es2: list(
    'Albacete|Alcorcón|Burgos|Cartagena|Eibar|Elche|Ferrol|Gijón|Huesca|Lugo|Miranda|Oviedo|Ponferrada|Santander|Tarragona|Zamora|Córdoba|Logroño|Badajoz|Algeciras|Talavera|Linares',
  ),
  it2: list(
    'Bari|Brescia|Catanzaro|Cesena|Como|Cremona|Ferrara|Modena|Palermo|Parma|Perugia|Pisa|Reggio|Salerno|Siena|Spezia|Terni|Trieste|Venezia|Avellino|Ancona|Carrara',
  ),
  de2: list(
    'Aachen|Bielefeld|Braunschweig|Darmstadt|Dresden|Elversberg|Fürth|Heidenheim|Karlsruhe|Kiel|Magdeburg|Osnabrück|Paderborn|Regensburg|Rostock|Sandhausen|Ulm|Wiesbaden|Zwickau|Münster',
  ),
  fr2: list(
    'Ajaccio|Amiens|Annecy|Auxerre|Caen|Dijon|Grenoble|Guingamp|Le Havre|Lorient|Metz|Nîmes|Montbéliard|Rouen|Bordeaux|Clermont|Brest|Châteauroux|Bourg|Nancy',
  ),
  pt: list(
    'Braga|Guimarães|Famalicão|Arouca|Chaves|Estoril|Portimão|Vizela|Tondela|Setúbal|Aveiro|Viseu|Leiria|Faro|Covilhã|Barcelos|Penafiel|Feira|Olhão|Mafra',
  ),
  be: list(
    'Brugge|Charleroi|Eupen|Genk|Gent|Kortrijk|Leuven|Lokeren|Mechelen|Mouscron|Oostende|Sint-Truiden|Waregem|Westerlo|Beveren|Lommel|Deinze|Aalst',
  ),
  tr: list(
    'Adana|Alanya|Antalya|Bursa|Denizli|Eskişehir|Gaziantep|Hatay|Kayseri|Konya|Malatya|Rize|Samsun|Sivas|Trabzon|Kocaeli|Manisa|Bodrum|Sakarya|Erzurum',
  ),
  sc: list(
    'Aberdeen|Dundee|Dunfermline|Falkirk|Greenock|Hamilton|Inverness|Kilmarnock|Livingston|Motherwell|Paisley|Perth|Stirling|Ayr',
  ),
  sa: list(
    'Abha|Al Khobar|Buraidah|Dammam|Hail|Jazan|Jeddah|Khamis|Mecca|Medina|Najran|Qatif|Tabuk|Taif|Unaizah|Yanbu|Al Ahsa|Jubail',
  ),
  cn2: list(
    'Dalian|Guiyang|Harbin|Hohhot|Kunming|Lanzhou|Nanning|Ningbo|Qingdao|Shijiazhuang|Suzhou|Taiyuan|Urumqi|Wuxi|Xiamen|Yanbian|Zibo|Jinan',
  ),
  jp2: list(
    'Aomori|Chiba|Ehime|Fujieda|Hachinohe|Iwate|Kagoshima|Kumamoto|Machida|Mito|Nagasaki|Okayama|Sendai|Tochigi|Tokushima|Yamaguchi|Kusatsu|Numazu|Imabari|Sapporo',
  ),
  kr2: list(
    'Ansan|Bucheon|Cheonan|Cheongju|Gimpo|Seongnam|Anyang|Busan|Daejeon|Gwangju|Hwaseong|Paju|Jeju|Incheon',
  ),
  au2: list(
    'Heidelberg|Oakleigh|Dandenong|Bentleigh|Avondale|Preston|Altona|Kingston|Brunswick|Box Hill|Werribee|Frankston|Richmond|Essendon|Moreland',
  ),
  th: list(
    'Buriram|Chiang Mai|Chiang Rai|Chonburi|Khon Kaen|Korat|Lampang|Nakhon Pathom|Nong Bua|Pattaya|Phuket|Ratchaburi|Rayong|Sukhothai|Trat|Udon Thani',
  ),
  id: list(
    'Bali|Bandung|Bekasi|Bogor|Jepara|Madura|Makassar|Malang|Medan|Padang|Palembang|Semarang|Solo|Surabaya|Yogyakarta|Tangerang|Kediri|Pontianak',
  ),
  mx: list(
    'Aguascalientes|Celaya|Cuernavaca|Culiacán|Durango|Hermosillo|Irapuato|León|Mazatlán|Mérida|Morelia|Oaxaca|Pachuca|Puebla|Querétaro|Saltillo|Tepic|Toluca|Tijuana|Veracruz',
  ),
  us2: list(
    'Birmingham|Charlotte|Chattanooga|Colorado Springs|Des Moines|Durham|Indianapolis|Las Vegas|Louisville|Memphis|Monterey|Oakland|Orlando|Phoenix|Pittsburgh|Rochester|Sacramento|San Antonio|Tampa Bay|Tucson|Richmond|Buffalo',
  ),
  co: list(
    'Armenia|Barranquilla|Bucaramanga|Cali|Cartagena|Cúcuta|Envigado|Ibagué|Itagüí|Manizales|Medellín|Montería|Neiva|Pasto|Pereira|Santa Marta|Tunja|Valledupar',
  ),
  cl: list(
    'Antofagasta|Calama|Concepción|Copiapó|Coquimbo|Curicó|Iquique|La Serena|Osorno|Puerto Montt|Rancagua|Talca|Temuco|Valdivia|Valparaíso|Viña del Mar',
  ),
  br2: list(
    'Aracaju|Belém|Blumenau|Chapecó|Criciúma|Cuiabá|Feira de Santana|Florianópolis|Ipatinga|Juiz de Fora|Manaus|Mossoró|Novo Hamburgo|Pelotas|Ponta Grossa|Recife|Sorocaba|Vitória|Maceió|São Luís',
  ),
  ca: list(
    'Brandon|Kamloops|Kelowna|Kitchener|Lethbridge|London|Medicine Hat|Moncton|Oshawa|Peterborough|Prince Albert|Red Deer|Regina|Rimouski|Saskatoon|Sudbury|Victoria|Windsor|Halifax|Guelph',
  ),
  cz: list(
    'Brno|České Budějovice|Hradec Králové|Jihlava|Karlovy Vary|Kladno|Liberec|Litvínov|Mladá Boleslav|Olomouc|Pardubice|Plzeň|Třinec|Vítkovice|Zlín',
  ),
  ch: list(
    'Ambrì|Bern|Biel|Davos|Fribourg|Genève|Kloten|Langnau|Lausanne|Lugano|Rapperswil|Zug|Zürich|Olten',
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
  en2: list(
    '{t} United|{t} City|{t} Town|{t} Rovers|{t} Athletic|{t} Albion|{t} Wanderers|{t} County',
  ),
  es2: list('Real {t}|Atlético {t}|{t} CF|Deportivo {t}|CD {t}|UD {t}'),
  it2: list('{t} Calcio|AC {t}|US {t}|Virtus {t}|FC {t}'),
  de2: list('FC {t}|SV {t}|VfB {t}|Borussia {t}|SC {t}|TSG {t}'),
  fr2: list('FC {t}|Olympique {t}|Stade {t}|AS {t}|Racing {t}'),
  cn2: list('{t} FC|{t} Dragons|{t} Taishan|{t} City'),
  jp2: list('{t} FC|{t} United|Vissel {t}|Sagan {t}|{t} Blaze'),
  kr2: list('{t} FC|{t} United|{t} Citizen|{t} Steelers'),
  br2: list('{t} EC|Atlético {t}|{t} FC|Sport {t}|Clube {t}'),
  pt: list('SC {t}|{t} FC|Académico {t}|CD {t}|União {t}|Sporting {t}'),
  be: list('KV {t}|RSC {t}|KAA {t}|Royal {t}|Sporting {t}|{t} FC'),
  tr: list('{t}spor|{t} FK|{t} Belediyespor|{t} Spor Kulübü'),
  sc: list('{t} FC|{t} Athletic|{t} Thistle|{t} United|{t} Academicals'),
  sa: list('{t} FC|{t} Club|{t} SC'),
  au2: list('{t} United|{t} City|{t} Lions|{t} Stars|{t} Knights'),
  th: list('{t} United|{t} FC|{t} City'),
  id: list('PS {t}|{t} United|{t} FC'),
  mx: list('Club {t}|Deportivo {t}|Atlético {t}|{t} FC|Real {t}'),
  us2: list('{t} FC|{t} SC|{t} United|{t} Republic|{t} Athletic'),
  co: list('Deportivo {t}|Atlético {t}|Independiente {t}|Once {t}|Real {t}'),
  cl: list('Deportes {t}|Club {t}|Unión {t}|{t} Wanderers'),
  ca: list('{t} FC'),
  cz: list('HC {t}|{t} HC|Dynamo {t}|Motor {t}'),
  ch: list('HC {t}|EHC {t}|SC {t}|{t} Lions'),
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
