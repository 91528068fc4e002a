import type { AssistantContext } from '@jesus-walks/contracts/assistant';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { assistantOptions } from '../utils/assistants';
import { AssistantIcon } from './assistant-icon';

interface AssistantPickerProps {
  context: AssistantContext;
  onChange: (context: AssistantContext) => void;
}

/** 'Choose Assistant': the three contexts, the chosen one pressed. */
export function AssistantPicker({ context, onChange }: AssistantPickerProps) {
  return (
    <Card>
      <CardHeader className="p-4 pb-2">
        <CardTitle as="h2" id="choose-assistant" className="font-sans text-base">
          Choose Assistant
        </CardTitle>
      </CardHeader>
      <ul aria-labelledby="choose-assistant" className="grid gap-2 p-4 pt-0">
        {assistantOptions.map((option) => {
          const selected = option.context === context;
          return (
            <li key={option.context}>
              <Button
                variant="ghost"
                aria-pressed={selected}
                data-context={option.context}
                onClick={() => onChange(option.context)}
                className={cn(
                  'h-auto w-full justify-start gap-3 whitespace-normal border px-3 py-2.5 text-left',
                  selected
                    ? 'border-primary bg-secondary hover:bg-secondary'
                    : 'border-transparent hover:border-border',
                )}
              >
                <span
                  className={cn(
                    'inline-flex size-9 shrink-0 items-center justify-center rounded-lg',
                    selected ? 'bg-primary text-primary-foreground' : 'bg-secondary text-primary',
                  )}
                >
                  <AssistantIcon context={option.context} />
                </span>
                <span className="grid min-w-0">
                  <span className="font-semibold">{option.label}</span>
                  <span className="text-xs font-normal text-muted-foreground">{option.description}</span>
                </span>
              </Button>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
