import { Container } from '@/components/layout/container';
import { Button } from '@/components/ui/button';
import { openNewsletterDialog } from '@/lib/newsletter-dialog-store';

/** The 'Jesus News' band: newsletter call to action at the foot of the home page. */
export function NewsBand() {
  return (
    <section aria-labelledby="jesus-news" data-surface="dark" className="bg-accent text-accent-foreground">
      <Container className="flex flex-col items-start gap-6 py-14 md:flex-row md:items-center md:justify-between">
        <div className="max-w-xl">
          <h2 id="jesus-news" className="font-serif text-3xl font-semibold tracking-tight">
            Jesus News
          </h2>
          <p className="mt-2 text-[#f6e9ee]">
            New walks, stories from the trail and fresh merch, straight to your inbox. No spam, ever.
          </p>
        </div>
        <Button size="lg" variant="cream" className="text-accent" onClick={openNewsletterDialog}>
          Subscribe Now
        </Button>
      </Container>
    </section>
  );
}
