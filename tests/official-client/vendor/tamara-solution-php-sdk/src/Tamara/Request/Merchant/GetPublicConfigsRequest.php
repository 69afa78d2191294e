<?php

declare (strict_types=1);

namespace Tamara\Request\Merchant;

class GetPublicConfigsRequest
{
}
