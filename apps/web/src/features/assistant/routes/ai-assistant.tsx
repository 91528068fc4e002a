import { Container } from '@/components/layout/container';
import { PageHeader } from '@/components/layout/page-header';
import { PageHead } from '@/components/seo/page-head';
import { AssistantChat } from '../components/assistant-chat';

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
      <Container className="py-8 md:py-12">
        <AssistantChat />
      </Container>
    </>
  );
}
