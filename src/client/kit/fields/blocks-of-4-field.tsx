import { inBlocksOf4 } from '../../../shared/validation/bank-account';
import { useOptionalForm } from '../form/form-context';
import { TextField, type TextFieldProps } from './text-field';

/** IBANs and account numbers read in blocks of 4 once the field is left (the struct drops the spaces). */
export function BlocksOf4Field(props: TextFieldProps) {
  const form = useOptionalForm();
  return (
    <div
      className={props.className}
      onBlur={() => {
        const value = form && props.name ? form.getValue(props.name) : undefined;
        if (typeof value === 'string' && value !== inBlocksOf4(value)) form?.setValue(props.name!, inBlocksOf4(value));
      }}
    >
      <TextField autoComplete="off" {...props} className={undefined} />
    </div>
  );
}
