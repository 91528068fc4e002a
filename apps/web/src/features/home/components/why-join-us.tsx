import { HeartHandshakeIcon, type LucideIcon, MountainIcon, SproutIcon, UsersIcon } from 'lucide-react';
import { Container } from '@/components/layout/container';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const reasons: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: 'Guided Hikes',
    text: 'Experienced leaders pick the trail, set a friendly pace and know every view worth stopping for.',
    icon: MountainIcon,
  },
  {
    title: 'Community',
    text: 'Neighbours, newcomers and families walking side by side, sharing stories along the way.',
    icon: UsersIcon,
  },
  {
    title: 'Spiritual Growth',
    text: 'A short reading and quiet moments on the trail to reflect, pray and be renewed.',
    icon: SproutIcon,
  },
  {
    title: 'Fellowship',
    text: 'Coffee before, a picnic after, and friendships that last well beyond the walk.',
    icon: HeartHandshakeIcon,
  },
];

export function WhyJoinUs() {
  return (
    <section aria-labelledby="why-join-us" className="py-16 md:py-20">
      <Container>
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="why-join-us" className="font-serif text-3xl font-semibold tracking-tight md:text-4xl">
            Why Join Us
          </h2>
          <p className="mt-3 text-muted-foreground">
            Walking together is good for the body and the soul. Here is what you will find with us.
          </p>
        </div>
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {reasons.map(({ title, text, icon: Icon }) => (
            <li key={title}>
              <Card className="h-full transition-shadow hover:shadow-md">
                <CardHeader>
                  <span className="mb-2 inline-flex size-11 items-center justify-center rounded-lg bg-secondary text-primary">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <CardTitle>{title}</CardTitle>
                </CardHeader>
                <CardContent>
                  <p className="text-sm leading-relaxed text-muted-foreground">{text}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
