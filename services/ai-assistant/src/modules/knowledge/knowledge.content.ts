/**
 * What the assistant knows about the group, its shop and wine country, written for the
 * assistant to quote: each entry answers one kind of question on its own. Entries are upserted by
 * seed key when the service starts (never overwriting an admin's edits); site paths are the web
 * app's own (/shop, /events, /orders/status).
 */
export interface KnowledgeSeed {
  seedKey: string;
  title: string;
  category: 'wine' | 'shop' | 'orders' | 'hiking' | 'community';
  tags: string[];
  content: string;
}

export const knowledgeSeeds: readonly KnowledgeSeed[] = [
  {
    seedKey: 'wine-pairing-salmon',
    title: 'Wine pairing: salmon',
    category: 'wine',
    tags: ['salmon', 'fish', 'seafood', 'pairing', 'pinot noir', 'chardonnay', 'rosé'],
    content:
      "Salmon is rich and oily, so it takes a wine with bright acidity and little tannin. The classic match is Pinot Noir: a Carneros (Napa's cool southern end) or Sonoma Coast Pinot has the red-fruit freshness to meet grilled, roasted or cedar-plank salmon without tasting metallic. With richer preparations (butter or cream sauce, hollandaise) choose a Chardonnay, ideally one that is only lightly oaked, from Carneros or the Russian River Valley. A dry rosé is lovely with smoked salmon or salmon on a summer picnic, and a crisp Sauvignon Blanc works with lemon, dill or herb crusts. Avoid big, tannic Cabernet Sauvignon with delicate fish.",
  },
  {
    seedKey: 'wine-pairing-steak',
    title: 'Wine pairing: steak and grilled meat',
    category: 'wine',
    tags: ['steak', 'beef', 'ribeye', 'grill', 'barbecue', 'pairing', 'cabernet sauvignon', 'zinfandel'],
    content:
      "Steak is where Napa Valley shines. Cabernet Sauvignon, the valley's signature grape, has firm tannins that soften against the fat of a ribeye or New York strip. For a leaner cut such as filet mignon, a Merlot or a Cabernet Franc is softer and does not overwhelm it. Barbecue, tri-tip and anything with a sweet or smoky rub loves a California Zinfandel or a Petite Sirah. Lamb is wonderful with Syrah. A good rule: the richer and more charred the meat, the bolder the red can be.",
  },
  {
    seedKey: 'wine-pairing-pasta',
    title: 'Wine pairing: pasta',
    category: 'wine',
    tags: ['pasta', 'italian', 'tomato', 'pesto', 'alfredo', 'pairing', 'sangiovese', 'barbera'],
    content:
      'Match the wine to the sauce rather than the pasta. Tomato sauces (marinara, arrabbiata, lasagna) are acidic and want an acidic red: Sangiovese (Chianti, or a California Sangiovese), Barbera or a lighter Zinfandel. A meat ragù or Bolognese can take a Cabernet Sauvignon or Merlot. Cream sauces such as Alfredo or carbonara go with Chardonnay. Pesto and vegetable pastas are best with Sauvignon Blanc or Vermentino, and mushroom pasta with Pinot Noir.',
  },
  {
    seedKey: 'wine-pairing-basics',
    title: 'Wine pairing basics and a picnic after the walk',
    category: 'wine',
    tags: ['pairing', 'chicken', 'cheese', 'picnic', 'vegetarian', 'sparkling', 'dessert'],
    content:
      'A few rules that rarely fail: match the weight of the wine to the weight of the dish; acidic food needs an acidic wine; tannic reds need fat or protein; and sweet food needs a wine at least as sweet. Roast chicken is happy with Chardonnay or Pinot Noir; a cheese board with sparkling wine, Sauvignon Blanc (goat cheese) or Cabernet (aged cheddar); spicy food with an off-dry Riesling. For a picnic after one of our walks, a chilled rosé or sparkling wine suits almost everything. We never drink on the trail itself: water first, and wine only at the picnic for those who wish.',
  },
  {
    seedKey: 'napa-varietals',
    title: 'Napa Valley wine grapes (varietals)',
    category: 'wine',
    tags: ['napa', 'varietals', 'grapes', 'cabernet sauvignon', 'merlot', 'chardonnay', 'zinfandel', 'ava'],
    content:
      'Cabernet Sauvignon is the king of Napa Valley, grown most famously in Oakville, Rutherford, Stags Leap District and on the mountain slopes (Howell Mountain, Mount Veeder, Spring Mountain). Merlot and Cabernet Franc go into Bordeaux-style blends and are lovely on their own. Chardonnay and Pinot Noir thrive in the cool, foggy Carneros district at the south end of the valley, near the bay. Sauvignon Blanc (sometimes called Fumé Blanc) is the crisp white of the valley floor. Zinfandel and Petite Sirah grow on old vines in Calistoga and the warmer north. Napa has 16 nested American Viticultural Areas (AVAs), each with its own soils and climate.',
  },
  {
    seedKey: 'red-wines-under-30',
    title: 'Good red wines under $30',
    category: 'wine',
    tags: ['red wine', 'under 30', 'budget', 'value', 'affordable', 'cheap', 'recommendation', 'cabernet'],
    content:
      'Napa Valley-labelled Cabernet Sauvignon rarely sells for under $30, but there are well-made reds from Napa houses and their neighbours that do. Reliable picks, at typical U.S. retail prices (they vary by shop and vintage): Louis M. Martini Sonoma County Cabernet Sauvignon (about $15-20), from a family winery in St. Helena since 1933; Decoy Cabernet Sauvignon by Duckhorn (about $20-28); Josh Cellars Cabernet Sauvignon (about $13-17); Robert Mondavi Private Selection Cabernet Sauvignon (about $10-14); Bogle Vineyards Old Vine Zinfandel or Petite Sirah (about $10-14); Seghesio Sonoma Zinfandel (about $25-30); and for Pinot Noir lovers, Meiomi (about $18-25) or La Crema Sonoma Coast Pinot Noir (about $20-28). For steak reach for a Cabernet, for pizza or barbecue a Zinfandel, for salmon a Pinot Noir. Our shop does not sell wine; buy from a local wine shop or the winery, and please enjoy responsibly.',
  },
  {
    seedKey: 'shipping',
    title: 'Shipping: methods, costs and delivery times',
    category: 'shop',
    tags: ['shipping', 'delivery', 'usps', 'ups', 'international', 'cost', 'how long'],
    content:
      'Orders from our shop (/shop) ship from Napa, California. At checkout you choose a shipping method and see its rate and estimated delivery time before you pay: USPS Ground (about 3 business days in the United States), UPS 2nd Day Air (2 business days) or USPS Priority Mail International for addresses outside the United States. The shipping cost is added to the order total. When your order ships you receive an e-mail with the carrier and tracking number.',
  },
  {
    seedKey: 'order-tracking',
    title: 'Tracking your order',
    category: 'orders',
    tags: ['track', 'tracking', 'order status', 'where is my order', 'confirmation email', 'shipped'],
    content:
      'Every order\'s confirmation e-mail contains a link to its order status page (/orders/status): it shows the items, the total, the status and, once the order has shipped, the carrier, the tracking number and the estimated delivery date. An order goes from pending to paid, then processing while we pack it, shipped when it leaves Napa and delivered when it arrives (or cancelled if it was cancelled and refunded). If you ordered while logged in, ask me "Where is my order?" and I will list your orders and their status. Can\'t find the e-mail? Check your spam folder for the message from us with your order number.',
  },
  {
    seedKey: 'returns',
    title: 'Returns, exchanges and refunds',
    category: 'orders',
    tags: ['return', 'returns', 'refund', 'exchange', 'wrong size', 'damaged', 'cancel order'],
    content:
      'Something not right? Write to us through our contact page (/contact) within 30 days of delivery with your order number (it is in your confirmation e-mail) and tell us what you would like: an exchange for another size or a refund. Items should be unworn and unused, apart from trying them on; if something arrived damaged or we sent the wrong item, we put it right at our cost. Refunds go back to the original payment method once the return reaches us. An order that has not shipped yet can usually be cancelled and refunded in full.',
  },
  {
    seedKey: 'payment-methods',
    title: 'Ways to pay in the shop',
    category: 'shop',
    tags: ['payment', 'pay', 'card', 'apple pay', 'google pay', 'crypto', 'checkout'],
    content:
      'At checkout you can pay by card (through Stripe or Square), with Apple Pay or Google Pay on supported devices, or with cryptocurrency (Bitcoin, Ethereum, USDC or Litecoin). Prices are in U.S. dollars. You do not need an account to order: guests check out with their e-mail address, and the confirmation e-mail carries the link to the order status page.',
  },
  {
    seedKey: 'what-to-bring',
    title: 'What to bring on a hike',
    category: 'hiking',
    tags: ['bring', 'pack', 'gear', 'water', 'shoes', 'sun', 'hat', 'clothing', 'checklist'],
    content:
      'Bring at least one liter of water for every two hours of walking, and more in summer: Napa Valley afternoons are often above 90°F. Wear sturdy, broken-in walking shoes or boots with grip (trails can be dusty and loose), and dress in layers: mornings in the valley are often cool and foggy and warm up fast. A sun hat, sunglasses and sunscreen, a small snack, your phone, and any medication you need (an inhaler, an EpiPen) are a must. A light daypack keeps your hands free, and a walking staff helps on the descents. Many walkers bring a Bible or a journal for the devotion at the top. Our shop (/shop) has trail bottles, hats, socks and daypacks.',
  },
  {
    seedKey: 'accessibility',
    title: 'Accessibility of the walks',
    category: 'hiking',
    tags: [
      'accessibility',
      'wheelchair',
      'mobility',
      'easy',
      'difficulty',
      'hard',
      'difficult',
      'challenging',
      'fitness',
      'seniors',
      'stroller',
      'pace',
    ],
    content:
      "Each event's description (/events) gives the distance, the climbing and the kind of path, so you can choose a walk that suits you. Our vineyard walks follow flat farm roads and are the gentlest; park hikes such as Skyline Wilderness Park have some climbing on dirt trails. The paved Napa Valley Vine Trail is suitable for wheelchairs and strollers. We walk at the pace of the slowest walker, stop often, and a leader always walks at the back, so no one is left behind. If you have a question about a particular walk, a mobility need or a service animal, register and tell us, or ask before the day: we are glad to help you take part.",
  },
  {
    seedKey: 'children-and-families',
    title: 'Children on the walks: how old, how far',
    category: 'hiking',
    tags: [
      'children',
      'child',
      'kids',
      'kid',
      'family',
      'families',
      'son',
      'daughter',
      'age',
      'year',
      'old',
      'teen',
    ],
    content:
      "Children are welcome on our walks with a parent or guardian who walks with them and looks after them. Choose the walk by its distance and climbing, which each walk's page (/events) gives: the level vineyard and lakeside walks of 2 to 4 miles suit most children, while our long summit hikes (around 10 miles with 2,000 ft or more of climbing) are for walkers used to long days, so we suggest them only for children who already hike that far. Bring extra water and snacks for young walkers. If you are not sure whether a walk suits your child, ask us before the day: we are glad to help.",
  },
  {
    seedKey: 'values',
    title: 'Who we are and what we believe',
    category: 'community',
    tags: ['faith', 'values', 'christian', 'jesus', 'fellowship', 'prayer', 'creation', 'about'],
    content:
      "Jesus Walks is a faith-based guided hiking group in the Napa Valley. We walk together to enjoy God's creation, to grow in friendship and to make room for prayer: most walks include a short reading and a devotion at a viewpoint. Everyone is welcome, whatever your faith or background, fitness or age; no one is asked to pray or believe anything to come along. We care for the land we walk on (leave no trace, stay on the trail, respect vineyards and private land) and for each other.",
  },
  {
    seedKey: 'how-to-join',
    title: 'How to join a walk and stay in touch',
    category: 'community',
    tags: ['join', 'register', 'sign up', 'events', 'newsletter', 'membership', 'waitlist', 'account'],
    content:
      'Upcoming walks are listed on the events page (/events): open one to see its date, meeting point, price (most are free) and seats left, and register with your name and e-mail, or with your account if you are logged in. When a walk is full you can join its waitlist and we e-mail you if a seat frees up. Creating an account (Join Now) lets you see and cancel your registrations. To hear about new walks and news from the group, subscribe to the newsletter from the home page; you can unsubscribe at any time from any newsletter e-mail.',
  },
  {
    seedKey: 'weather-and-cancellations',
    title: 'Weather, safety and cancelled walks',
    category: 'hiking',
    tags: ['weather', 'rain', 'heat', 'fire', 'smoke', 'cancelled', 'safety'],
    content:
      'We walk in most weather, but we cancel or move a walk for extreme heat, heavy rain, red-flag fire warnings or wildfire smoke. If a walk you registered for is cancelled, you receive an e-mail and the event page (/events) shows it as cancelled. Our leaders carry a first-aid kit and a phone; tell your leader about any health condition they should know about.',
  },
];
