import { Box, Button, CloseButton, Field, HStack, Input, Stack, Tag, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { DataText } from '../../../ui/components/data-text.component.tsx';

interface ListEditorProps {
  label: string;
  hint?: string;
  items: readonly string[];
  placeholder: string;
  addLabel: string;
  /** The accessible name of an item's remove button. */
  removeLabel(item: string): string;
  emptyText?: string;
  error?: string | undefined;
  /** Latin-only values (addresses, origins): typed left to right. */
  ltr?: boolean;
  inputType?: 'text' | 'email' | 'url';
  maxItems: number;
  onChange(items: string[]): void;
  /** `<testId>-input`, `<testId>-add`, `<testId>-item`, `<testId>-remove`. */
  testId: string;
}

/** A small list of texts (a field's options, notification recipients, allowed origins): add by Enter or Add, remove each. */
export function ListEditor({ label, hint, items, placeholder, addLabel, removeLabel, emptyText, error, ltr, inputType = 'text', maxItems, onChange, testId }: ListEditorProps) {
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const add = () => {
    const value = draft.trim();
    if (!value) return;
    if (!items.includes(value)) onChange([...items, value]);
    setDraft('');
  };
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label htmlFor={inputId}>{label}</Field.Label>
      {hint ? (
        <Text fontSize="xs" color="fg.muted">
          {hint}
        </Text>
      ) : null}
      <Stack gap={2} width="full">
        {items.length > 0 ? (
          <HStack as="ul" wrap="wrap" gap={1.5} listStyleType="none" aria-label={label}>
            {items.map((item) => (
              <Box as="li" key={item}>
                <Tag.Root size="lg" variant="surface" data-testid={`${testId}-item`}>
                  <Tag.Label dir={ltr ? 'ltr' : undefined}>
                    <DataText>{item}</DataText>
                  </Tag.Label>
                  <Tag.EndElement>
                    <CloseButton size="2xs" aria-label={removeLabel(item)} onClick={() => onChange(items.filter((i) => i !== item))} data-testid={`${testId}-remove`} />
                  </Tag.EndElement>
                </Tag.Root>
              </Box>
            ))}
          </HStack>
        ) : emptyText ? (
          <Text fontSize="sm" color="fg.muted">
            {emptyText}
          </Text>
        ) : null}
        {items.length < maxItems ? (
          <HStack gap={2}>
            <Input
              id={inputId}
              size="sm"
              type={inputType}
              dir={ltr ? 'ltr' : undefined}
              placeholder={placeholder}
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
              data-testid={`${testId}-input`}
            />
            <Button size="sm" variant="outline" onClick={add} disabled={!draft.trim()} data-testid={`${testId}-add`}>
              {addLabel}
            </Button>
          </HStack>
        ) : null}
      </Stack>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
