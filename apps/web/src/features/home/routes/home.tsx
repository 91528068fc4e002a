import { Hero } from '../components/hero';
import { NewsBand } from '../components/news-band';
import { UpcomingEvents } from '../components/upcoming-events';
import { WhyJoinUs } from '../components/why-join-us';
import { jsonLd, organizationStructuredData, SITE_DESCRIPTION } from '../utils/home-metadata';

const TITLE = 'Jesus Walks | Faith-Based Guided Hikes in Napa Valley';

/** Search-engine metadata and the Organization structured data (SPEC.md "Home"). */
function HomeMetadata() {
  const origin = window.location.origin;
  return (
    <>
      <title>{TITLE}</title>
      <link rel="canonical" href={`${origin}/`} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content="Jesus Walks" />
      <meta property="og:title" content={TITLE} />
      <meta property="og:description" content={SITE_DESCRIPTION} />
      <meta property="og:url" content={`${origin}/`} />
      <meta property="og:image" content={`${origin}/images/events/vineyard-loop.svg`} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={TITLE} />
      <meta name="twitter:description" content={SITE_DESCRIPTION} />
      {/* Client-rendered: the JSON is the script's text, '<' escaped all the same. */}
      <script type="application/ld+json">{jsonLd(organizationStructuredData(origin))}</script>
    </>
  );
}

export function HomeRoute() {
  return (
    <>
      <HomeMetadata />
      <Hero />
      <WhyJoinUs />
      <UpcomingEvents />
      <NewsBand />
    </>
  );
}
