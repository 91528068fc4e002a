import { CalendarDaysIcon, MessageCircleIcon, PackageIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Container } from '@/components/layout/container';
import { PageHeader } from '@/components/layout/page-header';
import { PageHead } from '@/components/seo/page-head';
import { Card, CardContent } from '@/components/ui/card';
import { ContactForm } from '../components/contact-form';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

const otherWays = [
  {
    Icon: CalendarDaysIcon,
    title: 'Walks and registrations',
    text: (
      <>
        Dates, meeting places and seats left are on each walk&apos;s page in{' '}
        <Link to="/events" className={linkClass}>
          our events
        </Link>
        .
      </>
    ),
  },
  {
    Icon: MessageCircleIcon,
    title: 'Quick questions',
    text: (
      <>
        Our{' '}
        <Link to="/ai-assistant" className={linkClass}>
          AI assistant
        </Link>{' '}
        answers questions about walks, the shop and orders at any hour.
      </>
    ),
  },
  {
    Icon: PackageIcon,
    title: 'Orders',
    text: 'For an order, give its number in your message: we will find it faster.',
  },
];

/** /contact: a message to the group, e-mailed to the admins, who answer by e-mail. */
export function ContactRoute() {
  return (
    <>
      <PageHead
        title="Contact Us | Jesus Walks"
        description="Questions about a walk, a group booking or an order? Write to the Jesus Walks team: we usually answer within two days."
        path="/contact"
      />
      <PageHeader
        eyebrow="Contact"
        title="Contact us"
        description="Questions about a walk, a group booking or an order? Write to us and one of our team will answer by e-mail, usually within two days."
      />
      <Container className="grid gap-8 py-10 md:py-14 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card>
          <CardContent className="p-5 sm:p-8">
            <ContactForm />
          </CardContent>
        </Card>
        <aside aria-label="Other ways to find answers" className="grid content-start gap-5">
          {otherWays.map(({ Icon, title, text }) => (
            <div key={title} className="flex gap-3">
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-accent">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <h2 className="font-serif text-lg font-semibold">{title}</h2>
                <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{text}</p>
              </div>
            </div>
          ))}
        </aside>
      </Container>
    </>
  );
}
