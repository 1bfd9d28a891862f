import { Box } from '@chakra-ui/react';
import SwaggerUI from 'swagger-ui-react';
import 'swagger-ui-react/swagger-ui.css';

/**
 * Swagger UI over the OpenAPI document: its own chunk (with its stylesheet), imported only by the API
 * Documentation page, so the admin shell does not carry it. The document is LTR (paths, JSON): it stays LTR in
 * Arabic, on a light background of its own.
 */
export default function ApiDocsViewer({ spec }: { spec: object }) {
  return (
    <Box dir="ltr" textAlign="start" bg="white" color="black" rounded="lg" borderWidth="1px" borderColor="border.muted" overflowX="auto" data-testid="api-docs-viewer">
      <SwaggerUI spec={spec} docExpansion="list" defaultModelsExpandDepth={-1} deepLinking={false} tryItOutEnabled={false} supportedSubmitMethods={[]} />
    </Box>
  );
}
