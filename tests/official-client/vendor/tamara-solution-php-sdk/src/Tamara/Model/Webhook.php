<?php

declare(strict_types=1);

namespace Tamara\Model;

class Webhook
{
    public const
        WEBHOOK_ID = 'webhook_id',
        URL = 'url',
        EVENTS = 'events',
        HEADERS = 'headers';
}