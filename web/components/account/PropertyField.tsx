import { ColorInput, NumberInput, Select, Switch, TextInput } from '@mantine/core';
import type { PropertyDefinitionView } from '../../account/queries';
import { GrowingTextarea } from '../GrowingTextarea';

/** One editable profile property, by its input type. */
export function PropertyField({
  definition,
  value,
  onChange,
  id,
  error,
}: {
  definition: PropertyDefinitionView;
  value: string;
  onChange: (value: string) => void;
  id?: string | undefined;
  /** The server's message for this value, shown under the field. */
  error?: string | undefined;
}) {
  const common = {
    label: definition.label,
    required: definition.isRequired,
    ...(id ? { id } : {}),
    ...(error ? { error } : {}),
  };
  switch (definition.inputType) {
    case 'textarea':
      return (
        <GrowingTextarea
          {...common}
          minRows={3}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          min={0}
          value={value === '' ? '' : Number(value)}
          onChange={(next) => onChange(next === '' ? '' : String(next))}
        />
      );
    case 'boolean':
      return (
        <Switch
          {...(id ? { id } : {})}
          {...(error ? { error } : {})}
          label={definition.label}
          checked={value === 'true'}
          onChange={(e) => onChange(e.currentTarget.checked ? 'true' : 'false')}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={definition.options}
          value={value || null}
          onChange={(next) => onChange(next ?? '')}
          clearable={!definition.isRequired}
        />
      );
    case 'color':
      return <ColorInput {...common} value={value} onChange={onChange} />;
    case 'readonly':
    case 'image':
      return <TextInput {...common} value={value} readOnly />;
    default:
      return (
        <TextInput
          {...common}
          type={definition.inputType === 'text' ? 'text' : definition.inputType}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}
