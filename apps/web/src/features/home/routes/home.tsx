import { Hero } from '../components/hero';
import { NewsBand } from '../components/news-band';
import { WhyJoinUs } from '../components/why-join-us';

export function HomeRoute() {
  return (
    <>
      <title>Jesus Walks | Faith-Based Guided Hikes in Napa Valley</title>
      <Hero />
      <WhyJoinUs />
      <NewsBand />
    </>
  );
}
