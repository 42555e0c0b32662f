import type { Currency } from '@planns/shared/money/money.rules';
import type { DemoCity } from '../config.ts';

/**
 * The cities the demo events are seeded around (DEMO_CITY). Each area is a real neighbourhood or
 * nearby town with its approximate coordinates and a few of its streets; events are placed a
 * little around an area, so the distances from the centre run from about 0.5 to 30 km.
 * House numbers are invented.
 */
export interface DemoArea {
  name: string;
  lat: number;
  lng: number;
  streets: readonly string[];
  /** The town or borough written in the address (default: the city's). */
  locality?: string;
}

export interface DemoCityData {
  label: string;
  /** The centre the "Close to you" and distance filters are measured from in the demo. */
  lat: number;
  lng: number;
  /** Local times ("tomorrow 19:00", "Saturday") are computed in this zone. */
  timeZone: string;
  currency: Currency;
  /** Prices are written in euros in the catalogue; this converts them (and rounds to `step`). */
  price: { rate: number; step: number };
  groups: { runners: string; books: string };
  areas: readonly DemoArea[];
  formatAddress(street: string, number: number, area: DemoArea): string;
}

/** "Street, 12, Area, Locality" (Spanish and Russian habit); the area is left out when it is the locality. */
function streetCommaNumber(locality: string) {
  return (street: string, n: number, area: DemoArea) => {
    const town = area.locality ?? locality;
    return [`${street}, ${n}`, area.name === town ? null : area.name, town].filter(Boolean).join(', ');
  };
}

export const DEMO_CITY_DATA: Record<DemoCity, DemoCityData> = {
  barcelona: {
    label: 'Barcelona',
    lat: 41.387,
    lng: 2.1701,
    timeZone: 'Europe/Madrid',
    currency: 'EUR',
    price: { rate: 1, step: 1 },
    groups: { runners: 'Gràcia Runners', books: 'Book Club' },
    formatAddress: streetCommaNumber('Barcelona'),
    areas: [
      { name: 'El Born', lat: 41.3853, lng: 2.1825, streets: ['Carrer de la Princesa', 'Passeig del Born', "Carrer de l'Argenteria"] },
      { name: 'Barri Gòtic', lat: 41.3826, lng: 2.1769, streets: ["Carrer d'Avinyó", 'Carrer de Ferran', 'Carrer dels Banys Nous'] },
      { name: 'El Raval', lat: 41.3795, lng: 2.1685, streets: ['Carrer de Joaquín Costa', 'Rambla del Raval', 'Carrer del Carme'] },
      { name: 'Eixample', lat: 41.3929, lng: 2.1622, streets: ['Carrer de Mallorca', 'Carrer de Provença', "Carrer d'Enric Granados"] },
      { name: 'Gràcia', lat: 41.4036, lng: 2.1561, streets: ['Carrer de Verdi', 'Travessera de Gràcia', 'Carrer Gran de Gràcia'] },
      { name: 'Barceloneta', lat: 41.3809, lng: 2.1894, streets: ['Passeig de Joan de Borbó', 'Carrer de la Maquinista'] },
      { name: 'Poblenou', lat: 41.403, lng: 2.201, streets: ['Rambla del Poblenou', 'Carrer de Pujades', 'Carrer de Pallars'] },
      { name: 'Sants', lat: 41.3755, lng: 2.136, streets: ['Carrer de Sants', 'Carrer de Vallespir'] },
      { name: 'Montjuïc', lat: 41.3665, lng: 2.1586, streets: ["Avinguda de l'Estadi", 'Passeig de Santa Madrona'] },
      { name: 'Sarrià', lat: 41.3995, lng: 2.122, streets: ['Carrer Major de Sarrià', 'Passeig de la Bonanova'] },
      { name: 'Horta', lat: 41.433, lng: 2.162, streets: ["Carrer d'Horta", 'Passeig de la Vall d’Hebron'] },
      { name: 'Collserola', lat: 41.422, lng: 2.119, streets: ['Carretera de les Aigües', 'Carretera de Vallvidrera'] },
      { name: "L'Hospitalet de Llobregat", lat: 41.3596, lng: 2.0998, streets: ['Rambla de Just Oliveras', 'Carrer de Barcelona'], locality: "L'Hospitalet de Llobregat" },
      { name: 'Badalona', lat: 41.45, lng: 2.2474, streets: ['Carrer del Mar', 'Passeig Marítim'], locality: 'Badalona' },
      { name: 'Sant Cugat del Vallès', lat: 41.4722, lng: 2.0864, streets: ['Rambla del Celler', "Plaça d'Octavià"], locality: 'Sant Cugat del Vallès' },
      { name: 'Sabadell', lat: 41.5433, lng: 2.1094, streets: ['Rambla de Sabadell', 'Carrer de Gràcia'], locality: 'Sabadell' },
      { name: 'Castelldefels', lat: 41.28, lng: 1.9769, streets: ['Passeig Marítim de Castelldefels', 'Avinguda de la Constitució'], locality: 'Castelldefels' },
      { name: 'Terrassa', lat: 41.561, lng: 2.0089, streets: ["Rambla d'Ègara", 'Carrer Major de Terrassa'], locality: 'Terrassa' },
    ],
  },
  madrid: {
    label: 'Madrid',
    lat: 40.4169,
    lng: -3.7035,
    timeZone: 'Europe/Madrid',
    currency: 'EUR',
    price: { rate: 1, step: 1 },
    groups: { runners: 'Retiro Runners', books: 'Book Club' },
    formatAddress: streetCommaNumber('Madrid'),
    areas: [
      { name: 'La Latina', lat: 40.4114, lng: -3.7087, streets: ['Cava Baja', 'Calle de Toledo'] },
      { name: 'Malasaña', lat: 40.426, lng: -3.704, streets: ['Calle del Pez', 'Calle de San Vicente Ferrer', 'Calle del Espíritu Santo'] },
      { name: 'Chueca', lat: 40.4229, lng: -3.6975, streets: ['Calle de Hortaleza', 'Calle de Augusto Figueroa'] },
      { name: 'Lavapiés', lat: 40.4086, lng: -3.701, streets: ['Calle de Argumosa', 'Calle del Ave María'] },
      { name: 'Retiro', lat: 40.4153, lng: -3.6845, streets: ['Calle de Alfonso XII', "Calle de O'Donnell"] },
      { name: 'Salamanca', lat: 40.43, lng: -3.68, streets: ['Calle de Serrano', 'Calle de Velázquez'] },
      { name: 'Chamberí', lat: 40.435, lng: -3.703, streets: ['Calle de Trafalgar', 'Calle de Santa Engracia'] },
      { name: 'Arganzuela', lat: 40.392, lng: -3.698, streets: ['Paseo de la Chopera', 'Paseo de la Esperanza'] },
      { name: 'Casa de Campo', lat: 40.419, lng: -3.748, streets: ['Paseo de la Puerta del Ángel', 'Avenida de Portugal'] },
      { name: 'Chamartín', lat: 40.462, lng: -3.677, streets: ['Calle del Príncipe de Vergara', 'Avenida de Alfonso XIII'] },
      { name: 'Vallecas', lat: 40.383, lng: -3.645, streets: ['Avenida de la Albufera', 'Calle de Peña Gorbea'] },
      { name: 'Pozuelo de Alarcón', lat: 40.435, lng: -3.813, streets: ['Avenida de Europa', 'Calle de Benigno Granizo'], locality: 'Pozuelo de Alarcón' },
      { name: 'Getafe', lat: 40.308, lng: -3.732, streets: ['Calle Madrid', 'Calle Toledo'], locality: 'Getafe' },
      { name: 'Alcobendas', lat: 40.541, lng: -3.635, streets: ['Calle Marqués de la Valdavia', 'Avenida de España'], locality: 'Alcobendas' },
      { name: 'Las Rozas', lat: 40.493, lng: -3.874, streets: ['Calle Real', 'Avenida de Lazarejo'], locality: 'Las Rozas' },
      { name: 'Alcalá de Henares', lat: 40.482, lng: -3.364, streets: ['Calle Mayor', 'Calle de Libreros'], locality: 'Alcalá de Henares' },
    ],
  },
  new_york: {
    label: 'New York',
    lat: 40.7128,
    lng: -74.006,
    timeZone: 'America/New_York',
    currency: 'USD',
    price: { rate: 1.1, step: 1 },
    groups: { runners: 'Hudson River Runners', books: 'Book Club' },
    formatAddress: (street, n, area) => {
      const locality = area.locality ?? 'New York, NY';
      return locality.startsWith(area.name) ? `${n} ${street}, ${locality}` : `${n} ${street}, ${area.name}, ${locality}`;
    },
    areas: [
      { name: 'Tribeca', lat: 40.7163, lng: -74.0086, streets: ['Greenwich Street', 'Hudson Street', 'Franklin Street'] },
      { name: 'Lower East Side', lat: 40.715, lng: -73.9843, streets: ['Orchard Street', 'Ludlow Street', 'Rivington Street'] },
      { name: 'Greenwich Village', lat: 40.7336, lng: -74.0027, streets: ['Bleecker Street', 'MacDougal Street'] },
      { name: 'DUMBO', lat: 40.7033, lng: -73.9881, streets: ['Water Street', 'Front Street'], locality: 'Brooklyn, NY' },
      { name: 'Brooklyn Heights', lat: 40.696, lng: -73.995, streets: ['Montague Street', 'Henry Street'], locality: 'Brooklyn, NY' },
      { name: 'Chelsea', lat: 40.7465, lng: -74.0014, streets: ['West 22nd Street', 'Tenth Avenue'] },
      { name: 'Williamsburg', lat: 40.7081, lng: -73.9571, streets: ['Bedford Avenue', 'Wythe Avenue'], locality: 'Brooklyn, NY' },
      { name: 'Hoboken', lat: 40.744, lng: -74.0324, streets: ['Washington Street', 'Sinatra Drive'], locality: 'Hoboken, NJ' },
      { name: 'Midtown', lat: 40.7549, lng: -73.984, streets: ['West 44th Street', 'Avenue of the Americas'] },
      { name: 'Park Slope', lat: 40.671, lng: -73.9814, streets: ['Seventh Avenue', 'Fifth Avenue'], locality: 'Brooklyn, NY' },
      { name: 'Long Island City', lat: 40.7447, lng: -73.9485, streets: ['Vernon Boulevard', 'Jackson Avenue'], locality: 'Queens, NY' },
      { name: 'Upper West Side', lat: 40.787, lng: -73.9754, streets: ['Columbus Avenue', 'Amsterdam Avenue'] },
      { name: 'Astoria', lat: 40.7644, lng: -73.9235, streets: ['Steinway Street', '30th Avenue'], locality: 'Queens, NY' },
      { name: 'Harlem', lat: 40.8116, lng: -73.9465, streets: ['West 125th Street', 'Malcolm X Boulevard'] },
      { name: 'Coney Island', lat: 40.5755, lng: -73.9707, streets: ['Surf Avenue', 'Mermaid Avenue'], locality: 'Brooklyn, NY' },
      { name: 'Flushing', lat: 40.7675, lng: -73.833, streets: ['Main Street', 'Roosevelt Avenue'], locality: 'Queens, NY' },
      { name: 'Yonkers', lat: 40.9312, lng: -73.8987, streets: ['Main Street', 'Warburton Avenue'], locality: 'Yonkers, NY' },
    ],
  },
  tel_aviv: {
    label: 'Tel Aviv',
    lat: 32.0809,
    lng: 34.7806,
    timeZone: 'Asia/Jerusalem',
    currency: 'ILS',
    price: { rate: 4, step: 5 },
    groups: { runners: 'Yarkon Runners', books: 'Book Club' },
    formatAddress: (street, n, area) => [`${street} ${n}`, area.name === area.locality ? null : area.name, area.locality ?? 'Tel Aviv-Yafo'].filter(Boolean).join(', '),
    areas: [
      { name: 'Dizengoff', lat: 32.0779, lng: 34.7742, streets: ['Dizengoff Street', 'Frishman Street'] },
      { name: 'Sarona', lat: 32.072, lng: 34.787, streets: ['Aluf Kalman Magen Street', 'Eliezer Kaplan Street'] },
      { name: 'Carmel Market', lat: 32.068, lng: 34.769, streets: ['HaCarmel Street', 'Nahalat Binyamin Street'] },
      { name: 'Rothschild', lat: 32.0636, lng: 34.774, streets: ['Rothschild Boulevard', 'Lilienblum Street'] },
      { name: 'Tel Aviv Port', lat: 32.097, lng: 34.774, streets: ['HaTa’arucha Street', 'Yordei HaSira Street'] },
      { name: 'Neve Tzedek', lat: 32.0617, lng: 34.7656, streets: ['Shabazi Street', 'Pines Street'] },
      { name: 'Florentin', lat: 32.0566, lng: 34.7686, streets: ['Florentin Street', 'Vital Street'] },
      { name: 'Ramat Gan', lat: 32.084, lng: 34.802, streets: ['Jabotinsky Road', 'Bialik Street'], locality: 'Ramat Gan' },
      { name: 'Yarkon Park', lat: 32.099, lng: 34.807, streets: ['Rokach Boulevard'] },
      { name: 'Jaffa', lat: 32.053, lng: 34.755, streets: ['Yefet Street', 'Olei Zion Street'] },
      { name: 'Ramat Aviv', lat: 32.113, lng: 34.804, streets: ['Einstein Street', 'Haim Levanon Street'] },
      { name: 'Holon', lat: 32.0158, lng: 34.78, streets: ['Sokolov Street', 'Golda Meir Street'], locality: 'Holon' },
      { name: 'Herzliya Pituah', lat: 32.165, lng: 34.8, streets: ['Medinat HaYehudim Street', 'Galgalei HaPlada Street'], locality: 'Herzliya' },
      { name: 'Petah Tikva', lat: 32.087, lng: 34.887, streets: ['Haim Ozer Street', 'Rothschild Street'], locality: 'Petah Tikva' },
      { name: 'Rishon LeZion', lat: 31.973, lng: 34.789, streets: ['Herzl Street', 'Rothschild Street'], locality: 'Rishon LeZion' },
      { name: "Ra'anana", lat: 32.184, lng: 34.871, streets: ['Ahuza Street', 'Weizmann Street'], locality: "Ra'anana" },
      { name: 'Rehovot', lat: 31.894, lng: 34.811, streets: ['Herzl Street', 'Ya’akov Street'], locality: 'Rehovot' },
    ],
  },
  tokyo: {
    label: 'Tokyo',
    lat: 35.6812,
    lng: 139.7671,
    timeZone: 'Asia/Tokyo',
    currency: 'JPY',
    price: { rate: 160, step: 100 },
    groups: { runners: 'Imperial Palace Runners', books: 'Book Club' },
    // Japanese addresses number chome-block-building within a district.
    formatAddress: (street, n, area) => `${(n % 4) + 1}-${(n % 17) + 1}-${(n % 9) + 1} ${street}, ${area.locality ?? 'Tokyo'}`,
    areas: [
      { name: 'Nihonbashi', lat: 35.684, lng: 139.774, streets: ['Nihonbashi'], locality: 'Chuo City, Tokyo' },
      { name: 'Ginza', lat: 35.6717, lng: 139.765, streets: ['Ginza'], locality: 'Chuo City, Tokyo' },
      { name: 'Akihabara', lat: 35.6984, lng: 139.7731, streets: ['Sotokanda', 'Kanda Sakumacho'], locality: 'Chiyoda City, Tokyo' },
      { name: 'Kiyosumi-Shirakawa', lat: 35.68, lng: 139.8, streets: ['Shirakawa', 'Miyoshi'], locality: 'Koto City, Tokyo' },
      { name: 'Ueno', lat: 35.7138, lng: 139.777, streets: ['Uenokoen', 'Ueno'], locality: 'Taito City, Tokyo' },
      { name: 'Roppongi', lat: 35.6628, lng: 139.7314, streets: ['Roppongi'], locality: 'Minato City, Tokyo' },
      { name: 'Toyosu', lat: 35.655, lng: 139.796, streets: ['Toyosu'], locality: 'Koto City, Tokyo' },
      { name: 'Asakusa', lat: 35.7148, lng: 139.7967, streets: ['Asakusa', 'Kaminarimon'], locality: 'Taito City, Tokyo' },
      { name: 'Shinjuku', lat: 35.69, lng: 139.7, streets: ['Shinjuku', 'Kabukicho'], locality: 'Shinjuku City, Tokyo' },
      { name: 'Odaiba', lat: 35.627, lng: 139.776, streets: ['Daiba', 'Aomi'], locality: 'Minato City, Tokyo' },
      { name: 'Shibuya', lat: 35.658, lng: 139.7016, streets: ['Jingumae', 'Udagawacho'], locality: 'Shibuya City, Tokyo' },
      { name: 'Nakameguro', lat: 35.644, lng: 139.699, streets: ['Kamimeguro', 'Aobadai'], locality: 'Meguro City, Tokyo' },
      { name: 'Shimokitazawa', lat: 35.6613, lng: 139.668, streets: ['Kitazawa'], locality: 'Setagaya City, Tokyo' },
      { name: 'Kichijoji', lat: 35.703, lng: 139.58, streets: ['Kichijoji Minamicho', 'Gotenyama'], locality: 'Musashino, Tokyo' },
      { name: 'Kawasaki', lat: 35.5308, lng: 139.7029, streets: ['Ekimaehoncho', 'Omiyacho'], locality: 'Kawasaki-ku, Kawasaki' },
      { name: 'Yokohama', lat: 35.457, lng: 139.632, streets: ['Minatomirai', 'Sakuragicho'], locality: 'Nishi Ward, Yokohama' },
    ],
  },
  moscow: {
    label: 'Moscow',
    lat: 55.7558,
    lng: 37.6173,
    timeZone: 'Europe/Moscow',
    currency: 'RUB',
    price: { rate: 100, step: 100 },
    groups: { runners: 'Gorky Park Runners', books: 'Book Club' },
    formatAddress: streetCommaNumber('Moscow'),
    areas: [
      { name: 'Kitay-gorod', lat: 55.757, lng: 37.633, streets: ['Maroseyka Street', 'Pokrovka Street'] },
      { name: 'Chistye Prudy', lat: 55.765, lng: 37.638, streets: ['Chistoprudny Boulevard', 'Myasnitskaya Street'] },
      { name: 'Krasny Oktyabr', lat: 55.741, lng: 37.609, streets: ['Bersenevskaya Embankment'] },
      { name: 'Arbat', lat: 55.7494, lng: 37.592, streets: ['Arbat Street', 'Starokonyushenny Lane'] },
      { name: "Patriarch's Ponds", lat: 55.7635, lng: 37.592, streets: ['Malaya Bronnaya Street', 'Spiridonovka Street'] },
      { name: 'Zamoskvorechye', lat: 55.74, lng: 37.627, streets: ['Pyatnitskaya Street', 'Bolshaya Ordynka Street'] },
      { name: 'Kurskaya', lat: 55.758, lng: 37.659, streets: ['Nizhny Susalny Lane', 'Zemlyanoy Val'] },
      { name: 'Gorky Park', lat: 55.73, lng: 37.601, streets: ['Krymsky Val'] },
      { name: 'Sokolniki', lat: 55.793, lng: 37.677, streets: ['Sokolnichesky Val', 'Rusakovskaya Street'] },
      { name: 'Sparrow Hills', lat: 55.71, lng: 37.553, streets: ['Kosygina Street', 'Vorobyovskaya Embankment'] },
      { name: 'VDNKh', lat: 55.829, lng: 37.633, streets: ['Prospekt Mira'] },
      { name: 'Izmaylovo', lat: 55.788, lng: 37.749, streets: ['Izmaylovskoye Highway', 'Narodny Prospekt'] },
      { name: 'Kolomenskoye', lat: 55.668, lng: 37.671, streets: ['Andropov Avenue'] },
      { name: 'Tsaritsyno', lat: 55.616, lng: 37.682, streets: ['Dolskaya Street'] },
      { name: 'Khimki', lat: 55.889, lng: 37.445, streets: ['Leningradskaya Street', 'Moskovskaya Street'], locality: 'Khimki' },
      { name: 'Mytishchi', lat: 55.9116, lng: 37.7308, streets: ['Novomytishchinsky Prospekt', 'Silikatnaya Street'], locality: 'Mytishchi' },
      { name: 'Odintsovo', lat: 55.678, lng: 37.278, streets: ['Mozhayskoye Highway', 'Molodyozhnaya Street'], locality: 'Odintsovo' },
    ],
  },
};

/** Great-circle distance in km (the seed spreads events by it; the server measures with earthdistance). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}
