import { Field, Input } from '@chakra-ui/react';

interface SearchFieldProps {
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
  testId?: string;
}

/** The labelled search box of a filter bar (two grid columns wide on large screens). */
export function SearchField({ label, placeholder, value, onChange, testId }: SearchFieldProps) {
  return (
    <Field.Root gridColumn={{ lg: 'span 2' }}>
      <Field.Label>{label}</Field.Label>
      <Input
        name="search"
        type="search"
        size="sm"
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        data-testid={testId}
      />
    </Field.Root>
  );
}
