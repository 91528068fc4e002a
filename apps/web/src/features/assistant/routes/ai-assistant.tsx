import { BotIcon, HeadsetIcon, MessageCircleQuestionIcon, WineIcon } from 'lucide-react';
import { Container } from '@/components/layout/container';
import { PageHeader } from '@/components/layout/page-header';
import { PageHead } from '@/components/seo/page-head';
import { Badge } from '@/components/ui/badge';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const assistants = [
  { title: 'Wine Expert', text: 'Sommelier expertise', icon: WineIcon },
  { title: 'Customer Service', text: 'Support & help', icon: HeadsetIcon },
  { title: 'General Assistant', text: 'General questions', icon: MessageCircleQuestionIcon },
] as const;

export function AiAssistantRoute() {
  return (
    <>
      <PageHead
        title="AI Assistant"
        description="Ask our assistant about wine pairings, your orders and our walks: wine recommendations, customer service help or general questions."
        path="/ai-assistant"
      />
      <PageHeader
        title="AI Assistant"
        eyebrow="Ask us anything"
        description="Get wine recommendations, customer service help or general assistance, any time of day."
      />
      <Container className="grid gap-8 py-10 md:grid-cols-[280px_1fr] md:py-14">
        <ul className="grid content-start gap-3">
          {assistants.map(({ title, text, icon: Icon }) => (
            <li key={title}>
              <Card>
                <CardHeader className="flex-row items-center gap-3 p-4">
                  <span className="inline-flex size-10 items-center justify-center rounded-lg bg-secondary text-primary">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <div>
                    <CardTitle as="h2" className="font-sans text-base">
                      {title}
                    </CardTitle>
                    <CardDescription>{text}</CardDescription>
                  </div>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
        <Card className="flex min-h-80 flex-col items-center justify-center gap-4 p-8 text-center">
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
            <BotIcon aria-hidden="true" className="size-7" />
          </span>
          <p className="font-serif text-2xl font-semibold">Hello! How can I help you today?</p>
          <Badge variant="secondary">The chat opens here soon</Badge>
        </Card>
      </Container>
    </>
  );
}
