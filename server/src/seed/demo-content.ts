/**
 * The fixed cast of the demo data set: people, companies, places, tags and caption templates.
 * Fictional names throughout; cities are real so the geohashes put people on the map.
 */
import { RoleFlag, TagType, UserType } from '../../../domain/enums.js';
import { NetworkId } from '../../../domain/networks.js';

export interface City {
  name: string;
  lat: number;
  lon: number;
}

export const CITIES = {
  newYork: { name: 'New York', lat: 40.7128, lon: -74.006 },
  losAngeles: { name: 'Los Angeles', lat: 34.0522, lon: -118.2437 },
  london: { name: 'London', lat: 51.5074, lon: -0.1278 },
  paris: { name: 'Paris', lat: 48.8566, lon: 2.3522 },
  berlin: { name: 'Berlin', lat: 52.52, lon: 13.405 },
  lagos: { name: 'Lagos', lat: 6.5244, lon: 3.3792 },
  saoPaulo: { name: 'São Paulo', lat: -23.5505, lon: -46.6333 },
  tokyo: { name: 'Tokyo', lat: 35.6762, lon: 139.6503 },
  seoul: { name: 'Seoul', lat: 37.5665, lon: 126.978 },
  mumbai: { name: 'Mumbai', lat: 19.076, lon: 72.8777 },
  mexicoCity: { name: 'Mexico City', lat: 19.4326, lon: -99.1332 },
  sydney: { name: 'Sydney', lat: -33.8688, lon: 151.2093 },
  toronto: { name: 'Toronto', lat: 43.6532, lon: -79.3832 },
  capeTown: { name: 'Cape Town', lat: -33.9249, lon: 18.4241 },
  stockholm: { name: 'Stockholm', lat: 59.3293, lon: 18.0686 },
  amsterdam: { name: 'Amsterdam', lat: 52.3676, lon: 4.9041 },
  nairobi: { name: 'Nairobi', lat: -1.2921, lon: 36.8219 },
  buenosAires: { name: 'Buenos Aires', lat: -34.6037, lon: -58.3816 },
  barcelona: { name: 'Barcelona', lat: 41.3874, lon: 2.1686 },
  austin: { name: 'Austin', lat: 30.2672, lon: -97.7431 },
} as const satisfies Record<string, City>;

export type CityKey = keyof typeof CITIES;

export interface DemoPerson {
  name: string;
  username: string;
  userType: UserType;
  city: CityKey;
  roleFlags: number[];
  /** Networks this person or company posts on; the first is their main one. */
  networks: NetworkId[];
}

const { Creator, Company } = UserType;
const { approved, admin, pro, beta, freePro, enterprisePro, teamPro } = RoleFlag;
const { Twitter, Instagram, Facebook, YouTube, TikTok, Behance, Website, LinkedIn, Twitch, Threads } = NetworkId;

/** The marker: when this user exists, the demo data is already there. */
export const DEMO_MARKER_USERNAME = 'byline_demo';

export const DEMO_PEOPLE: readonly DemoPerson[] = [
  { name: 'Byline Demo', username: DEMO_MARKER_USERNAME, userType: Company, city: 'newYork', roleFlags: [approved, pro], networks: [Instagram, TikTok, Twitter] },
  { name: 'Maya Okafor', username: 'maya.okafor', userType: Creator, city: 'lagos', roleFlags: [approved, pro], networks: [Instagram, YouTube, Behance] },
  { name: 'Lucas Moreau', username: 'lucas.moreau', userType: Creator, city: 'paris', roleFlags: [], networks: [Instagram, Website] },
  { name: 'Sofia Ramírez', username: 'sofia.ramirez', userType: Creator, city: 'mexicoCity', roleFlags: [pro], networks: [TikTok, Instagram] },
  { name: 'Kenji Watanabe', username: 'kenji.watanabe', userType: Creator, city: 'tokyo', roleFlags: [], networks: [YouTube, Twitter] },
  { name: 'Amara Nwosu', username: 'amara.nwosu', userType: Creator, city: 'london', roleFlags: [approved], networks: [Instagram, TikTok] },
  { name: 'Jonas Lindqvist', username: 'jonas.lindqvist', userType: Creator, city: 'stockholm', roleFlags: [teamPro], networks: [Instagram, Behance] },
  { name: 'Priya Sharma', username: 'priya.sharma', userType: Creator, city: 'mumbai', roleFlags: [pro], networks: [YouTube, Instagram, LinkedIn] },
  { name: 'Diego Álvarez', username: 'diego.alvarez', userType: Creator, city: 'buenosAires', roleFlags: [], networks: [TikTok] },
  { name: 'Hana Kim', username: 'hana.kim', userType: Creator, city: 'seoul', roleFlags: [approved, pro], networks: [Instagram, TikTok, YouTube] },
  { name: 'Noah Bennett', username: 'noah.bennett', userType: Creator, city: 'newYork', roleFlags: [], networks: [Twitter, YouTube] },
  { name: 'Chloé Dubois', username: 'chloe.dubois', userType: Creator, city: 'paris', roleFlags: [], networks: [Instagram] },
  { name: 'Mateus Oliveira', username: 'mateus.oliveira', userType: Creator, city: 'saoPaulo', roleFlags: [pro], networks: [YouTube, Instagram] },
  { name: 'Zanele Dlamini', username: 'zanele.dlamini', userType: Creator, city: 'capeTown', roleFlags: [], networks: [Instagram, Facebook] },
  { name: 'Ethan Walker', username: 'ethan_walker', userType: Creator, city: 'losAngeles', roleFlags: [freePro], networks: [TikTok, YouTube, Twitch] },
  { name: 'Isla Thompson', username: 'isla.thompson', userType: Creator, city: 'sydney', roleFlags: [], networks: [Instagram, Threads] },
  { name: 'Wanjiru Kamau', username: 'wanjiru.kamau', userType: Creator, city: 'nairobi', roleFlags: [], networks: [YouTube, Facebook] },
  { name: 'Lena Fischer', username: 'lena.fischer', userType: Creator, city: 'berlin', roleFlags: [beta, teamPro], networks: [Instagram, LinkedIn] },
  { name: 'Marco Rossi', username: 'marco.rossi', userType: Creator, city: 'barcelona', roleFlags: [teamPro], networks: [Instagram, YouTube] },
  { name: 'Aisha Bello', username: 'aisha.bello', userType: Creator, city: 'toronto', roleFlags: [pro], networks: [TikTok, Instagram] },
  { name: 'Oliver Hughes', username: 'oli.hughes', userType: Creator, city: 'london', roleFlags: [teamPro], networks: [Twitter, Instagram] },
  { name: 'Camila Torres', username: 'cami.torres', userType: Creator, city: 'austin', roleFlags: [], networks: [TikTok, Twitch] },
  { name: 'Yuki Sato', username: 'yuki.sato', userType: Creator, city: 'tokyo', roleFlags: [], networks: [Instagram, Twitter] },
  { name: 'Sam Carter', username: 'samcarter.films', userType: Creator, city: 'losAngeles', roleFlags: [pro], networks: [YouTube, Instagram, Website] },
  { name: 'Femke de Vries', username: 'femke.devries', userType: Creator, city: 'amsterdam', roleFlags: [teamPro], networks: [Instagram, Behance] },
  { name: 'Rafael Costa', username: 'rafa.costa', userType: Creator, city: 'saoPaulo', roleFlags: [], networks: [TikTok, YouTube] },
  { name: 'Grace Liu', username: 'grace.liu', userType: Creator, city: 'newYork', roleFlags: [approved, admin], networks: [Twitter, LinkedIn] },
  { name: 'Tomás Herrera', username: 'tomas.herrera', userType: Creator, city: 'mexicoCity', roleFlags: [], networks: [Instagram, YouTube] },
  { name: 'Northwind Studio', username: 'northwind.studio', userType: Company, city: 'berlin', roleFlags: [teamPro], networks: [Instagram, YouTube, LinkedIn] },
  { name: 'Lumen Pictures', username: 'lumen.pictures', userType: Company, city: 'losAngeles', roleFlags: [enterprisePro], networks: [YouTube, Instagram, Twitter] },
  { name: 'Atlas Running Co.', username: 'atlas.running', userType: Company, city: 'austin', roleFlags: [], networks: [Instagram, TikTok, Facebook] },
  { name: 'Kiko Beauty', username: 'kiko.beauty', userType: Company, city: 'seoul', roleFlags: [pro], networks: [Instagram, TikTok, YouTube] },
  { name: 'Verde Coffee Roasters', username: 'verde.coffee', userType: Company, city: 'saoPaulo', roleFlags: [], networks: [Instagram, Facebook] },
  { name: 'Polar Outdoor', username: 'polar.outdoor', userType: Company, city: 'stockholm', roleFlags: [], networks: [YouTube, Instagram, TikTok] },
  { name: 'Sunday Records', username: 'sunday.records', userType: Company, city: 'london', roleFlags: [], networks: [YouTube, Twitter, TikTok] },
  { name: 'Orbit Mobile', username: 'orbit.mobile', userType: Company, city: 'toronto', roleFlags: [pro], networks: [Twitter, LinkedIn, YouTube] },
  { name: 'Marigold Agency', username: 'marigold.agency', userType: Company, city: 'mumbai', roleFlags: [teamPro], networks: [Instagram, LinkedIn] },
];

/** The demo team: its manager and members, by username. */
export const DEMO_TEAM = {
  name: 'Northwind Studio',
  manager: 'lena.fischer',
  members: ['jonas.lindqvist', 'marco.rossi', 'femke.devries', 'oli.hughes', 'northwind.studio'],
  invited: ['chloe.dubois'],
} as const;

export const DEMO_TAGS: ReadonlyArray<{ type: TagType; names: readonly string[] }> = [
  { type: TagType.event, names: ['Cannes Lions 2025', 'Paris Fashion Week', 'SXSW 2025', 'Art Basel Miami Beach', 'Milan Design Week', 'Tokyo Game Show'] },
  { type: TagType.client, names: ['Atlas Running Co.', 'Kiko Beauty', 'Verde Coffee Roasters', 'Polar Outdoor', 'Sunday Records', 'Orbit Mobile'] },
  { type: TagType.creator, names: ['Emerging Director', 'UGC Creator', 'Street Photographer', 'Motion Designer'] },
  { type: TagType.filetype, names: ['Video', 'Photo', 'GIF', 'Carousel'] },
  {
    type: TagType.tag,
    names: ['behind the scenes', 'product launch', 'music video', 'fashion', 'travel', 'food', 'sports', 'beauty', 'documentary', 'animation', 'stop motion', 'drone', 'vertical video', 'short film'],
  },
  { type: TagType.location, names: Object.values(CITIES).map((city) => city.name) },
];

export const CAMPAIGNS = ['Run the City', 'First Light', 'Slow Mornings', 'Northern Lines', 'Glow Season', 'After Hours', 'Second Nature', 'Open Road', 'Small Wins', 'Golden Hour'];
export const PRODUCTS = ['the Trail 2 shoe', 'our cold brew', 'the Aurora jacket', 'Dew Drop serum', 'the Pixel Pro case', 'our new single', 'the spring collection', 'a limited vinyl press'];

/** `{campaign}`, `{product}`, `{city}` and `{brand}` are filled in per post. */
export const CAPTIONS = [
  'Behind the scenes of {campaign} for {brand}. Three days, two cameras, one very cold morning in {city}.',
  'New drop: {product} is out now. Shot by the best crew we know. 🙌',
  '{campaign} — our latest film for {brand} is live. Full credits below.',
  'Colour grade before/after from {campaign}. Swipe to see the difference.',
  'We spent a week in {city} chasing the light for this one.',
  'Proud of this team. {campaign} made with {brand}, from storyboard to final mix.',
  'A love letter to {city}. Shot entirely on 16mm.',
  'Launching {product} with a little help from our friends in {city}.',
  'Stop motion test for {brand}: 2,400 frames and a lot of patience.',
  'Our director’s cut of {campaign}. Sound on 🔊',
  'Casting call results are in. Meet the faces of {campaign}.',
  'Rooftop session in {city}. Wardrobe by our incredible stylists.',
  'Making of {product}: from sketch to shelf in 90 seconds.',
  'Drone day over {city}. Weather held just long enough.',
  '{brand} x {city}: a short documentary about the people who keep the city running.',
  'Quick edit from yesterday’s shoot. Full piece drops Friday.',
];
