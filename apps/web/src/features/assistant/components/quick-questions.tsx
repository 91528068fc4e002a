import { SparklesIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { type QuickQuestion, quickQuestions } from '../utils/assistants';

/** 'Quick Questions': each sets its context and prefills the input. */
export function QuickQuestions({ onPick }: { onPick: (question: QuickQuestion) => void }) {
  return (
    <Card>
      <CardHeader className="p-4 pb-2">
        <CardTitle as="h2" id="quick-questions" className="font-sans text-base">
          Quick Questions
        </CardTitle>
      </CardHeader>
      <ul aria-labelledby="quick-questions" className="grid gap-2 p-4 pt-0">
        {quickQuestions.map((question) => (
          <li key={question.text}>
            <Button
              variant="outline"
              size="sm"
              data-quick-question={question.context}
              onClick={() => onPick(question)}
              className="h-auto w-full justify-start whitespace-normal py-2 text-left font-medium"
            >
              <SparklesIcon aria-hidden="true" className="text-accent" />
              {question.text}
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
