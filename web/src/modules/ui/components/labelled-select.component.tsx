import { Field, NativeSelect } from '@chakra-ui/react';

interface LabelledSelectProps<T extends string> {
  label: string;
  name: string;
  value: T;
  options: readonly T[];
  labelOf(option: T): string;
  onChange(value: T): void;
  testId?: string;
}

/** A labelled native select over a fixed list of options (filter bars); only a listed option is reported. */
export function LabelledSelect<T extends string>({ label, name, value, options, labelOf, onChange, testId }: LabelledSelectProps<T>) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          name={name}
          value={value}
          data-testid={testId}
          onChange={(e) => {
            const next = e.currentTarget.value;
            const option = options.find((o) => o === next);
            if (option !== undefined) onChange(option);
          }}
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {labelOf(option)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
