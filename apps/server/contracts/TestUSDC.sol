// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title The USDC of Charter's local devnets
/// @notice An ERC-20 with EIP-2612 permit that answers like Circle's USDC (name, symbol, 6 decimals, domain
/// version "2"), so that the wallet, the balance reader and the coming send code meet on a devnet what they meet
/// on a test network. It is not Circle's code: no blacklist, no pause, no proxy.
/// @dev The devnet places this runtime code at the chain's real USDC address with `anvil_setCode`, so no
/// constructor ever runs. Everything a constructor would set is therefore either a constant or written by the
/// devnet with `anvil_setStorageAt`: the minter lives in slot 0 (keep it the first state variable). The EIP-712
/// domain is computed at call time from `block.chainid` and `address(this)` for the same reason.
contract TestUSDC {
    /// @notice The one address allowed to mint: the devnet's faucet. Slot 0, written when the code is placed.
    address public minter;

    mapping(address account => uint256) public balanceOf;
    mapping(address owner => mapping(address spender => uint256)) public allowance;
    mapping(address owner => uint256) public nonces;
    uint256 public totalSupply;

    string public constant name = "USD Coin";
    string public constant symbol = "USDC";
    uint8 public constant decimals = 6;
    string public constant version = "2";

    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 public constant PERMIT_TYPEHASH =
        keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");

    /// @dev The upper bound for an ECDSA `s` value (half the curve order): a higher `s` is the malleable twin of
    /// a valid signature and is refused, as EIP-2 does for transactions.
    uint256 private constant MAX_S = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    error NotMinter(address caller);
    error InvalidAddress(address account);
    error InsufficientBalance(address account, uint256 balance, uint256 needed);
    error InsufficientAllowance(address spender, uint256 allowance, uint256 needed);
    error PermitExpired(uint256 deadline);
    error InvalidSignature();

    function DOMAIN_SEPARATOR() public view returns (bytes32) {
        return keccak256(
            abi.encode(DOMAIN_TYPEHASH, keccak256(bytes(name)), keccak256(bytes(version)), block.chainid, address(this))
        );
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        _approve(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        // An allowance of the largest uint256 stands for "unlimited" and is never spent down.
        if (allowed != type(uint256).max) {
            if (allowed < value) revert InsufficientAllowance(msg.sender, allowed, value);
            unchecked {
                allowance[from][msg.sender] = allowed - value;
            }
        }
        _transfer(from, to, value);
        return true;
    }

    /// @notice EIP-2612: an approval signed off-chain by `owner`, submitted by anyone.
    function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)
        external
    {
        if (block.timestamp > deadline) revert PermitExpired(deadline);
        if (uint256(s) > MAX_S) revert InvalidSignature();
        bytes32 structHash = keccak256(abi.encode(PERMIT_TYPEHASH, owner, spender, value, nonces[owner]++, deadline));
        bytes32 digest = keccak256(abi.encodePacked("\x19\x01", DOMAIN_SEPARATOR(), structHash));
        address signer = ecrecover(digest, v, r, s);
        if (signer == address(0) || signer != owner) revert InvalidSignature();
        _approve(owner, spender, value);
    }

    /// @notice Creates `value` units for `to`; only the faucet may.
    function mint(address to, uint256 value) external {
        if (msg.sender != minter) revert NotMinter(msg.sender);
        if (to == address(0)) revert InvalidAddress(to);
        totalSupply += value;
        unchecked {
            // Cannot overflow: no balance exceeds totalSupply, which was just checked.
            balanceOf[to] += value;
        }
        emit Transfer(address(0), to, value);
    }

    function _transfer(address from, address to, uint256 value) private {
        if (to == address(0)) revert InvalidAddress(to);
        uint256 balance = balanceOf[from];
        if (balance < value) revert InsufficientBalance(from, balance, value);
        unchecked {
            balanceOf[from] = balance - value;
            balanceOf[to] += value;
        }
        emit Transfer(from, to, value);
    }

    function _approve(address owner, address spender, uint256 value) private {
        if (spender == address(0)) revert InvalidAddress(spender);
        allowance[owner][spender] = value;
        emit Approval(owner, spender, value);
    }
}
