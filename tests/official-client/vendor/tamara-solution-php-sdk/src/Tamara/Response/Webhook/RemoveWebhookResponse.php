<?php

declare(strict_types=1);

namespace Tamara\Response\Webhook;

use Tamara\Response\ClientResponse;

class RemoveWebhookResponse extends ClientResponse
{
    protected function parse(array $responseData): void
    {
    }
}