import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Container } from '@/components/layout/container';
import { PageHeader } from '@/components/layout/page-header';
import { PageHead } from '@/components/seo/page-head';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3">
      <h2 className="font-serif text-2xl font-semibold">{title}</h2>
      <div className="grid gap-3 leading-relaxed text-foreground/90">{children}</div>
    </section>
  );
}

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** Rows of 'What we keep': what, why, and for how long. */
const kept: { what: string; why: string; howLong: string }[] = [
  {
    what: 'Your account: username, e-mail address, your name if you give it, and your password (stored only as a one-way hash we cannot read back)',
    why: 'To let you log in, and to send you what you asked for: confirmations, reminders, password resets',
    howLong: 'Until you delete your account',
  },
  {
    what: 'Where you are logged in: the kind of browser and device, its internet address, and when it was last used',
    why: "To keep you logged in, and so you can see and log out devices under 'Where you're logged in'",
    howLong: 'Until you log out, or at most 30 days',
  },
  {
    what: 'Your walk registrations: the walk, and for a guest the name and e-mail given',
    why: 'To save your seat, tell you about changes, and let you cancel',
    howLong: 'Until you delete your account (a guest can ask us through the contact page)',
  },
  {
    what: 'The names of the people you bring to a walk',
    why: "So the walk's leader knows who is coming and can check them in",
    howLong: "With your registration; when you delete your account each becomes 'Walker'",
  },
  {
    what: "A walk's waiver, when it asks for one: the version you accepted, the name you typed, when, and your browser and internet address",
    why: "To show that each walker accepted the walk's terms",
    howLong:
      'As long as the registration; your name, address and browser are removed when you delete your account (the fact that it was accepted stays)',
  },
  {
    what: 'An emergency contact and a note for the leader, when a walk asks for them',
    why: "So the leader can call someone and knows what to do if something happens on the walk. Only the admins and the walk's leaders see them",
    howLong: '30 days after the walk, or until you delete your account if that is sooner',
  },
  {
    what: 'Your orders: what you bought, the prices, the shipping address, your name, e-mail and phone',
    why: 'To ship your order, answer questions about it, and keep the accounts the law asks a group to keep',
    howLong:
      'Amounts, dates and items as long as bookkeeping requires (up to seven years); your name, e-mail, phone and address are removed when you delete your account',
  },
  {
    what: 'Payments: the amount, how you paid, and whether it was refunded',
    why: 'To match payments to orders and give refunds. Your card number goes to the payment processor (Stripe, Square or Coinbase) and never reaches us',
    howLong: 'As long as the order it paid for',
  },
  {
    what: 'The newsletter: your e-mail address and when you confirmed it',
    why: 'To send you Jesus News, which you asked for',
    howLong: 'Until you unsubscribe (a link in every issue) or delete your account',
  },
  {
    what: 'Messages you send us from the contact page: your name, e-mail, and what you wrote, with our answers',
    why: 'To answer you',
    howLong: 'Until you delete your account, or ask us to remove them',
  },
  {
    what: 'Your conversations with the AI assistant',
    why: 'So a conversation can go on where you left it',
    howLong:
      'Those you had while logged in are deleted with your account; those without an account, 30 days after their last message',
  },
];

/** /privacy: what the site keeps about people, why, for how long, and how to get or erase it. */
export function PrivacyRoute() {
  return (
    <>
      <PageHead
        title="Privacy"
        description="What Jesus Walks keeps about you, why, for how long, and how to download or erase it."
        path="/privacy"
      />
      <PageHeader
        eyebrow="Your data"
        title="Privacy"
        description="What we keep about you, why, for how long, and how to take it with you or have it erased. In plain words."
      />
      <Container className="grid max-w-3xl gap-10 py-10 md:py-14">
        <Section title="The short version">
          <p>
            We keep only what we need to run walks, ship orders and send what you asked for. We never sell or
            share your personal information, and we show no advertising. You can download everything we hold
            about you, and delete your account, from{' '}
            <Link to="/account?tab=data" className={linkClass}>
              your account
            </Link>{' '}
            at any time.
          </p>
        </Section>

        <Section title="What we keep">
          <dl className="grid gap-4">
            {kept.map((row) => (
              <div key={row.what} className="grid gap-1.5 rounded-lg border border-border bg-card p-4">
                <dt className="font-medium">{row.what}</dt>
                <dd className="text-sm text-muted-foreground">
                  <span className="font-medium text-foreground">Why: </span>
                  {row.why}
                </dd>
                <dd className="text-sm text-muted-foreground">
                  <span className="font-medium text-foreground">How long: </span>
                  {row.howLong}
                </dd>
              </div>
            ))}
          </dl>
        </Section>

        <Section title="Cookies">
          <p>
            We use only the cookies the site needs to work: one that keeps you logged in, one that tells the
            page someone is logged in, and one that lets your own browser in when someone else keeps guessing
            your password. Your cart stays in your own browser. There are no advertising or tracking cookies.
          </p>
        </Section>

        <Section title="Your rights, and how to use them">
          <ul className="grid list-disc gap-2 pl-5">
            <li>
              <strong>See and download your data:</strong> under{' '}
              <Link to="/account?tab=data" className={linkClass}>
                Your data
              </Link>{' '}
              in your account, 'Download my data' prepares one file with everything every part of the site
              holds about you.
            </li>
            <li>
              <strong>Correct it:</strong> change your name, e-mail and password under{' '}
              <Link to="/account?tab=profile" className={linkClass}>
                Profile
              </Link>
              .
            </li>
            <li>
              <strong>Erase it:</strong> 'Delete my account' under Your data erases your account and your
              personal data everywhere; orders and payments keep only what bookkeeping needs, without your
              name, e-mail, phone or address.
            </li>
            <li>
              <strong>Without an account</strong> (a guest registration, a guest order, a message), or if
              anything is unclear: write to us through the{' '}
              <Link to="/contact" className={linkClass}>
                contact page
              </Link>{' '}
              and we will answer within a few days.
            </li>
          </ul>
          <p className="text-sm text-muted-foreground">
            These are your rights under California's privacy law (CCPA/CPRA) and Europe's GDPR, and we give
            them to everyone, wherever you live.
          </p>
        </Section>
      </Container>
    </>
  );
}
