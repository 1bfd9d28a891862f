/** The part of swagger-ui-react's props the API Documentation page uses (the package ships no types). */
declare module 'swagger-ui-react' {
  import type { ComponentType } from 'react';
  interface SwaggerUIProps {
    spec?: object;
    url?: string;
    docExpansion?: 'list' | 'full' | 'none';
    defaultModelsExpandDepth?: number;
    deepLinking?: boolean;
    tryItOutEnabled?: boolean;
    supportedSubmitMethods?: string[];
    persistAuthorization?: boolean;
  }
  const SwaggerUI: ComponentType<SwaggerUIProps>;
  export default SwaggerUI;
}
declare module 'swagger-ui-react/swagger-ui.css';
